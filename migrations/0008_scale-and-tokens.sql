CREATE TABLE `recipe_ingredient_keys` (
	`key` text NOT NULL,
	`recipe_id` integer NOT NULL,
	PRIMARY KEY(`key`, `recipe_id`),
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recipe_ingredient_keys_recipe_id_idx` ON `recipe_ingredient_keys` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`scope` text NOT NULL,
	`last_used_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_idx` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_id_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `pantry_items_user_id_expiration_visible_idx` ON `pantry_items` (`user_id`,`expiration_date`,name COLLATE NOCASE) WHERE quantity > 0 AND (amount_per_unit IS NULL OR amount_per_unit > 0);--> statement-breakpoint
CREATE INDEX `pantry_items_user_id_name_visible_idx` ON `pantry_items` (`user_id`,name COLLATE NOCASE) WHERE quantity > 0 AND (amount_per_unit IS NULL OR amount_per_unit > 0);--> statement-breakpoint
CREATE INDEX `pantry_items_user_id_category_visible_idx` ON `pantry_items` (`user_id`,`category`,name COLLATE NOCASE) WHERE quantity > 0 AND (amount_per_unit IS NULL OR amount_per_unit > 0);--> statement-breakpoint
CREATE INDEX `pantry_items_user_id_quantity_visible_idx` ON `pantry_items` (`user_id`,(-quantity),name COLLATE NOCASE) WHERE quantity > 0 AND (amount_per_unit IS NULL OR amount_per_unit > 0);--> statement-breakpoint
CREATE INDEX `pantry_items_user_id_date_added_visible_idx` ON `pantry_items` (`user_id`,`created_at`) WHERE quantity > 0 AND (amount_per_unit IS NULL OR amount_per_unit > 0);