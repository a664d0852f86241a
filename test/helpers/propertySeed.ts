import fc from "fast-check";

/**
 * Property tests draw their inputs from one fixed seed, so a failure in CI is the same failure on every machine and
 * every rerun (a new seed would make a found bug look like a flaky test). Change the seed to explore new inputs;
 * fix what it finds, then keep the new seed.
 */
export const PROPERTY_SEED = 20261124;

fc.configureGlobal({ seed: PROPERTY_SEED });
