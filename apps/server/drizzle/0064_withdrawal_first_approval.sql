-- Four eyes on large withdrawals (issue 46): a withdrawal worth more than WITHDRAWAL_SECOND_APPROVAL_ABOVE_USD
-- stays in the queue after its first admin's approval, which is kept here; a different admin's approval
-- then decides it (decided_by). Both approvals are in the audit log too.
ALTER TABLE withdrawals ADD COLUMN first_approved_by uuid REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE withdrawals ADD COLUMN first_approved_at timestamp with time zone;
--> statement-breakpoint
-- The first approval and the final one are never the same admin.
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_four_eyes
  CHECK (first_approved_by IS NULL OR decided_by IS NULL OR first_approved_by <> decided_by OR status IN ('REJECTED', 'CANCELLED'));
