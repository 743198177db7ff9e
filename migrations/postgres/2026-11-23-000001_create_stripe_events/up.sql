-- Stripe events already applied, by Stripe's event id. A row is written in
-- the same transaction as the order change the event caused, so a redelivered
-- event is recognised and changes nothing.
CREATE TABLE stripe_events (
    id TEXT PRIMARY KEY NOT NULL,
    event_type TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);

-- Confirmation requests from the payment success page, kept even when no
-- order matches them; order_id names the order they were attached to.
CREATE TABLE listing_confirmations (
    id SERIAL PRIMARY KEY,
    email TEXT NOT NULL,
    business_name TEXT NOT NULL,
    plan TEXT NOT NULL,
    order_id INTEGER REFERENCES listing_orders (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);
