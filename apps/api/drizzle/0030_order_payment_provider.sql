-- The payment provider an order is checked out with (issue 33, decision 055): each provider's
-- pages take only their own orders, so a second provider can be enabled beside the first.
-- Additive and nullable: the previous release neither reads nor writes it, and an order it
-- checked out (null) is paid with the default provider, PAYMENT_PROVIDER, as before.
ALTER TABLE "orders" ADD COLUMN "payment_provider" text;
