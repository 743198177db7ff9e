DROP TABLE listing_confirmations;
DROP TABLE stripe_events;
