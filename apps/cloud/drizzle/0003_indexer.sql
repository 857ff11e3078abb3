CREATE TABLE "indexer_activity" (
	"account" text NOT NULL,
	"chain_id" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" bigint NOT NULL,
	CONSTRAINT "indexer_activity_account_chain_id_tx_hash_pk" PRIMARY KEY("account","chain_id","tx_hash")
);
--> statement-breakpoint
CREATE TABLE "indexer_blocks" (
	"chain_id" bigint NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "indexer_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "indexer_chains" (
	"chain_id" bigint PRIMARY KEY NOT NULL,
	"genesis_hash" text NOT NULL,
	"start_block" bigint NOT NULL,
	"next_block" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexer_nfts" (
	"chain_id" bigint NOT NULL,
	"contract" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"name" text,
	"description" text,
	"image_type" text,
	"image" "bytea",
	"read_at" bigint,
	CONSTRAINT "indexer_nfts_chain_id_contract_token_id_pk" PRIMARY KEY("chain_id","contract","token_id")
);
--> statement-breakpoint
CREATE TABLE "indexer_tokens" (
	"chain_id" bigint NOT NULL,
	"address" text NOT NULL,
	"standard" text NOT NULL,
	"name" text,
	"symbol" text,
	"decimals" integer,
	"is_spam" boolean DEFAULT false NOT NULL,
	"read_at" bigint,
	CONSTRAINT "indexer_tokens_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "indexer_transactions" (
	"chain_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"nonce" bigint NOT NULL,
	"failed" boolean NOT NULL,
	"mined_at" bigint NOT NULL,
	CONSTRAINT "indexer_transactions_chain_id_hash_pk" PRIMARY KEY("chain_id","hash")
);
--> statement-breakpoint
CREATE TABLE "indexer_transfers" (
	"chain_id" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"batch_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"standard" text NOT NULL,
	"token" text NOT NULL,
	"token_id" numeric(78, 0),
	"from" text NOT NULL,
	"to" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "indexer_transfers_chain_id_tx_hash_log_index_batch_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index","batch_index")
);
--> statement-breakpoint
CREATE INDEX "indexer_activity_by_time" ON "indexer_activity" USING btree ("account","mined_at","chain_id","block_number","tx_index");--> statement-breakpoint
CREATE INDEX "indexer_activity_by_block" ON "indexer_activity" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "indexer_nfts_pending" ON "indexer_nfts" USING btree ("read_at");--> statement-breakpoint
CREATE INDEX "indexer_tokens_pending" ON "indexer_tokens" USING btree ("read_at");--> statement-breakpoint
CREATE INDEX "indexer_transactions_by_block" ON "indexer_transactions" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "indexer_transfers_by_block" ON "indexer_transfers" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "indexer_transfers_by_recipient" ON "indexer_transfers" USING btree ("to","chain_id","standard");--> statement-breakpoint
CREATE INDEX "indexer_transfers_by_sender" ON "indexer_transfers" USING btree ("from","chain_id","standard");