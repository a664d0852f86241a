import { z } from "zod";
import "./zodMessages";

export const usernameSchema = z
  .string()
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(40, "Username must be at most 40 characters")
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may only contain letters, numbers, dots, dashes and underscores");

export const passwordSchema = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(256, "Password must be at most 256 characters");

export const loginInput = z.object({
  username: z.string().trim().min(1, "Username is required").max(40, "Invalid username or password"),
  password: z.string().min(1, "Password is required").max(256, "Invalid username or password"),
});
export type LoginInput = z.infer<typeof loginInput>;

const optionalName = z
  .string()
  .trim()
  .max(50, "Name must be at most 50 characters")
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const registerInput = z.object({
  username: usernameSchema,
  email: z.string().trim().toLowerCase().email("Please enter a valid email address").max(254, "Please enter a valid email address"),
  password: passwordSchema,
  firstName: optionalName,
  lastName: optionalName,
});
export type RegisterInput = z.input<typeof registerInput>;

/** Deleting the account: the word DELETE typed out, and the password when the account has one. */
export const DELETE_CONFIRMATION = "DELETE";
export const deleteAccountInput = z.object({
  password: z.string().max(256).optional(),
  confirm: z.literal(DELETE_CONFIRMATION, { message: `Type ${DELETE_CONFIRMATION} to confirm` }),
});
