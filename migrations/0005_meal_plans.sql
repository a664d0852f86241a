CREATE TABLE `meal_plan_feeds` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`last_fetched_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meal_plan_feeds_token_hash_idx` ON `meal_plan_feeds` (`token_hash`);--> statement-breakpoint
CREATE TABLE `meal_plan_repeats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`start_date` text NOT NULL,
	`until_date` text,
	`meal_type` text NOT NULL,
	`recipe_id` integer,
	`notes` text,
	`servings` integer,
	`materialized_through` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meal_plan_repeats_user_id_idx` ON `meal_plan_repeats` (`user_id`,`materialized_through`);--> statement-breakpoint
CREATE INDEX `meal_plan_repeats_recipe_id_idx` ON `meal_plan_repeats` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `meal_plan_template_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`template_id` integer NOT NULL,
	`day_offset` integer NOT NULL,
	`meal_type` text NOT NULL,
	`recipe_id` integer,
	`notes` text,
	`servings` integer,
	FOREIGN KEY (`template_id`) REFERENCES `meal_plan_templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meal_plan_template_entries_template_id_idx` ON `meal_plan_template_entries` (`template_id`);--> statement-breakpoint
CREATE INDEX `meal_plan_template_entries_recipe_id_idx` ON `meal_plan_template_entries` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `meal_plan_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meal_plan_templates_user_id_idx` ON `meal_plan_templates` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `meal_plans` ADD `servings` integer;--> statement-breakpoint
ALTER TABLE `meal_plans` ADD `source` text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE `meal_plans` ADD `locked` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `meal_plans` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `meal_plans` ADD `repeat_id` integer;--> statement-breakpoint
ALTER TABLE `meal_plans` ADD `cooked_at` integer;--> statement-breakpoint
ALTER TABLE `meal_plans` ADD `updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `meal_plans_repeat_id_date_idx` ON `meal_plans` (`repeat_id`,`date`);