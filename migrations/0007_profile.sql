CREATE TABLE `companion_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`chat_message_id` integer NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`result` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `companion_actions_chat_message_id_idx` ON `companion_actions` (`chat_message_id`);--> statement-breakpoint
CREATE INDEX `companion_actions_user_id_idx` ON `companion_actions` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `household_size` integer;--> statement-breakpoint
CREATE INDEX `chat_messages_session_id_idx` ON `chat_messages` (`session_id`);