CREATE TABLE `grocery_item_mutations` (
	`user_id` text NOT NULL,
	`mutation_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`user_id`, `mutation_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grocery_item_mutations_user_id_created_at_idx` ON `grocery_item_mutations` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `grocery_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`list_id` integer,
	`purchase_date` text NOT NULL,
	`total` real NOT NULL,
	`item_count` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `grocery_lists`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `grocery_purchases_user_id_purchase_date_idx` ON `grocery_purchases` (`user_id`,`purchase_date`);--> statement-breakpoint
CREATE INDEX `grocery_purchases_list_id_idx` ON `grocery_purchases` (`list_id`);--> statement-breakpoint
ALTER TABLE `grocery_list_items` ADD `sources` text;--> statement-breakpoint
ALTER TABLE `grocery_list_items` ADD `from_pantry` real;--> statement-breakpoint
ALTER TABLE `grocery_list_items` ADD `covered_by_pantry` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `grocery_list_items` ADD `price` real;--> statement-breakpoint
ALTER TABLE `grocery_list_items` ADD `moved_at` integer;--> statement-breakpoint
ALTER TABLE `grocery_list_items` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `grocery_lists` ADD `creation_key` text;--> statement-breakpoint
ALTER TABLE `grocery_lists` ADD `origin` text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE `grocery_lists` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `grocery_lists` ADD `updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `grocery_lists_user_id_creation_key_idx` ON `grocery_lists` (`user_id`,`creation_key`);