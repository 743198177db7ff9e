// The tables of both backends' migrations (`migrations/{sqlite,postgres}`),
// in diesel's `print_schema` form.

diesel::table! {
    app_secrets (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    articles (id) {
        id -> Integer,
        slug -> Text,
        title -> Text,
        excerpt -> Nullable<Text>,
        content -> Nullable<Text>,
        image_url -> Nullable<Text>,
        category -> Text,
        published -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    businesses (id) {
        id -> Integer,
        name -> Text,
        slug -> Text,
        description -> Nullable<Text>,
        address -> Nullable<Text>,
        phone -> Nullable<Text>,
        email -> Nullable<Text>,
        website -> Nullable<Text>,
        logo_url -> Nullable<Text>,
        image_url -> Nullable<Text>,
        latitude -> Nullable<Double>,
        longitude -> Nullable<Double>,
        category_id -> Nullable<Integer>,
        featured -> Bool,
        verified -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    categories (id) {
        id -> Integer,
        name -> Text,
        slug -> Text,
        description -> Nullable<Text>,
        color -> Text,
        icon -> Text,
    }
}

diesel::table! {
    contact_messages (id) {
        id -> Integer,
        name -> Text,
        email -> Text,
        message -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    data_version (id) {
        id -> Integer,
        version -> BigInt,
    }
}

diesel::table! {
    events (id) {
        id -> Integer,
        title -> Text,
        description -> Nullable<Text>,
        start_date -> Timestamp,
        end_date -> Nullable<Timestamp>,
        location -> Nullable<Text>,
        category -> Text,
    }
}

diesel::table! {
    listing_confirmations (id) {
        id -> Integer,
        email -> Text,
        business_name -> Text,
        plan -> Text,
        order_id -> Nullable<Integer>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    listing_orders (id) {
        id -> Integer,
        plan -> Text,
        billing -> Text,
        amount_cents -> Integer,
        status -> Text,
        stripe_payment_intent_id -> Nullable<Text>,
        stripe_subscription_id -> Nullable<Text>,
        email -> Nullable<Text>,
        business_name -> Nullable<Text>,
        paid_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    newsletter_subscribers (id) {
        id -> Integer,
        email -> Text,
        created_at -> Timestamp,
        unsubscribed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    outbox_emails (id) {
        id -> Integer,
        recipient -> Text,
        subject -> Text,
        body_text -> Text,
        body_html -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        locked_until -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        sent_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        reply_to -> Nullable<Text>,
        list_unsubscribe -> Nullable<Text>,
        given_up_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    stripe_events (id) {
        id -> Text,
        event_type -> Text,
        received_at -> Timestamp,
    }
}

diesel::table! {
    sponsor_banners (id) {
        id -> Integer,
        name -> Text,
        image_url -> Text,
        link_url -> Text,
        alt_text -> Text,
        placement -> Text,
        position -> Integer,
    }
}

diesel::joinable!(businesses -> categories (category_id));
diesel::joinable!(listing_confirmations -> listing_orders (order_id));

diesel::allow_tables_to_appear_in_same_query!(
    app_secrets,
    articles,
    businesses,
    categories,
    contact_messages,
    data_version,
    events,
    listing_confirmations,
    listing_orders,
    newsletter_subscribers,
    outbox_emails,
    sponsor_banners,
    stripe_events,
);
