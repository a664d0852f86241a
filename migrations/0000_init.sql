CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_id_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`username_key` text NOT NULL,
	`email` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`password_hash` text,
	`google_id` text,
	`github_id` text,
	`first_name` text,
	`last_name` text,
	`display_name` text,
	`bio` text,
	`profile_image_key` text,
	`is_premium` integer DEFAULT false NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`reminders_enabled` integer DEFAULT true NOT NULL,
	`reminder_lead_days` integer DEFAULT 2 NOT NULL,
	`food_preferences` text,
	`cooking_profile` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_idx` ON `users` (`username_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_id_idx` ON `users` (`google_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_github_id_idx` ON `users` (`github_id`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`store_name` text,
	`purchase_date` text,
	`total` real,
	`subtotal` real,
	`tax` real,
	`image_key` text,
	`content_type` text,
	`content_hash` text NOT NULL,
	`status` text DEFAULT 'parsed' NOT NULL,
	`raw_text` text,
	`items` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `receipts_user_id_created_at_idx` ON `receipts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_user_id_content_hash_idx` ON `receipts` (`user_id`,`content_hash`);--> statement-breakpoint
CREATE TABLE `pantry_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`category` text DEFAULT 'Other' NOT NULL,
	`quantity` real DEFAULT 1 NOT NULL,
	`unit` text,
	`size` text,
	`storage_location` text DEFAULT 'fridge' NOT NULL,
	`is_opened` integer DEFAULT false NOT NULL,
	`amount_per_unit` real,
	`max_amount_per_unit` real,
	`expiration_date` text,
	`expiry_source` text,
	`expiry_note` text,
	`original_expiration_date` text,
	`price` real,
	`receipt_id` integer,
	`purchase_date` text,
	`opened_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pantry_items_user_id_expiration_date_idx` ON `pantry_items` (`user_id`,`expiration_date`);--> statement-breakpoint
CREATE INDEX `pantry_items_user_id_date_added_idx` ON `pantry_items` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `pantry_items_receipt_id_idx` ON `pantry_items` (`receipt_id`);--> statement-breakpoint
CREATE INDEX `pantry_items_expiration_date_idx` ON `pantry_items` (`expiration_date`);--> statement-breakpoint
CREATE TABLE `waste_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`pantry_item_id` integer,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`kind` text NOT NULL,
	`amount` real NOT NULL,
	`unit` text,
	`value` real,
	`was_expired` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waste_events_user_id_occurred_at_idx` ON `waste_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `recipe_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipe_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`comment` text NOT NULL,
	`rating` integer DEFAULT 5 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recipe_comments_recipe_id_idx` ON `recipe_comments` (`recipe_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `recipe_comments_user_id_idx` ON `recipe_comments` (`user_id`);--> statement-breakpoint
CREATE TABLE `recipe_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipe_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`feedback_type` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recipe_feedback_user_id_recipe_id_idx` ON `recipe_feedback` (`user_id`,`recipe_id`);--> statement-breakpoint
CREATE INDEX `recipe_feedback_recipe_id_idx` ON `recipe_feedback` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `recipe_ingredients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipe_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`quantity` real,
	`quantity_max` real,
	`unit` text,
	`preparation` text,
	`comment` text,
	`original` text,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recipe_ingredients_recipe_id_idx` ON `recipe_ingredients` (`recipe_id`,`position`);--> statement-breakpoint
CREATE TABLE `recipe_pantry_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipe_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`pantry_item_id` integer NOT NULL,
	`quantity_used` real,
	`unit_used` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pantry_item_id`) REFERENCES `pantry_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recipe_pantry_items_user_id_recipe_id_idx` ON `recipe_pantry_items` (`user_id`,`recipe_id`);--> statement-breakpoint
CREATE INDEX `recipe_pantry_items_pantry_item_id_idx` ON `recipe_pantry_items` (`pantry_item_id`);--> statement-breakpoint
CREATE INDEX `recipe_pantry_items_recipe_id_idx` ON `recipe_pantry_items` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `recipes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`title` text NOT NULL,
	`description` text,
	`instructions` text DEFAULT '' NOT NULL,
	`prep_time` integer,
	`cook_time` integer,
	`servings` integer,
	`source` text,
	`source_type` text NOT NULL,
	`source_url` text,
	`difficulty` text,
	`dietary` text,
	`meal_type` text,
	`tags` text,
	`image_url` text,
	`is_premium` integer DEFAULT false NOT NULL,
	`adapted_from_id` integer,
	`library_key` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recipes_user_id_created_at_idx` ON `recipes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `recipes_source_type_idx` ON `recipes` (`source_type`);--> statement-breakpoint
CREATE UNIQUE INDEX `recipes_library_key_idx` ON `recipes` (`library_key`);--> statement-breakpoint
CREATE TABLE `saved_recipes` (
	`user_id` text NOT NULL,
	`recipe_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`user_id`, `recipe_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_recipes_recipe_id_idx` ON `saved_recipes` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `meal_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`meal_type` text NOT NULL,
	`recipe_id` integer,
	`notes` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meal_plans_user_id_date_idx` ON `meal_plans` (`user_id`,`date`);--> statement-breakpoint
CREATE INDEX `meal_plans_recipe_id_idx` ON `meal_plans` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `grocery_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`times_used` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `grocery_history_user_id_name_idx` ON `grocery_history` (`user_id`,`name`);--> statement-breakpoint
CREATE TABLE `grocery_list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`quantity` real,
	`unit` text,
	`category` text,
	`checked` integer DEFAULT false NOT NULL,
	`recipe_id` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `grocery_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `grocery_list_items_list_id_idx` ON `grocery_list_items` (`list_id`,`position`);--> statement-breakpoint
CREATE INDEX `grocery_list_items_user_id_idx` ON `grocery_list_items` (`user_id`);--> statement-breakpoint
CREATE INDEX `grocery_list_items_recipe_id_idx` ON `grocery_list_items` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `grocery_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`notes` text,
	`is_template` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grocery_lists_user_id_created_at_idx` ON `grocery_lists` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ai_token_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`tokens` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ai_token_usage_user_id_month_idx` ON `ai_token_usage` (`user_id`,`month`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text NOT NULL,
	`user_message` text NOT NULL,
	`assistant_response` text NOT NULL,
	`suggestions` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_messages_user_id_session_id_idx` ON `chat_messages` (`user_id`,`session_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`feedback` text NOT NULL,
	`page` text,
	`user_agent` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feedback_user_id_idx` ON `feedback` (`user_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`data` text,
	`dismissed_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_user_id_kind_day_idx` ON `notifications` (`user_id`,`kind`,`day`);--> statement-breakpoint
CREATE INDEX `notifications_user_id_dismissed_at_idx` ON `notifications` (`user_id`,`dismissed_at`);--> statement-breakpoint
CREATE TABLE `research_responses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`answers` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `research_responses_user_id_idx` ON `research_responses` (`user_id`);--> statement-breakpoint
CREATE TABLE `tracked_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`action_type` text NOT NULL,
	`action_data` text,
	`context` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tracked_actions_user_id_created_at_idx` ON `tracked_actions` (`user_id`,`created_at`);