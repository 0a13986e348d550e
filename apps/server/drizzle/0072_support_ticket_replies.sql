-- Issue 46 point 7: a support ticket keeps a thread of replies, the customer's and the team's, in the
-- order they were written; the ticket's description stays its first message. The answers given
-- before the thread existed become its first reply.
CREATE TABLE "support_ticket_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id"),
	"author_id" uuid NOT NULL REFERENCES "users"("id"),
	"from_team" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_replies_body_len" CHECK (char_length("body") BETWEEN 1 AND 1000)
);--> statement-breakpoint
CREATE INDEX "support_ticket_replies_ticket_idx" ON "support_ticket_replies" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
INSERT INTO "support_ticket_replies" ("ticket_id", "author_id", "from_team", "body", "created_at")
SELECT "id", "answered_by", true, left("answer", 1000), coalesce("answered_at", "updated_at")
FROM "support_tickets"
WHERE "answer" IS NOT NULL AND "answered_by" IS NOT NULL AND char_length("answer") > 0;
