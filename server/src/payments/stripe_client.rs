//! The calls to Stripe's API, made with async-stripe's request builders.
//!
//! Answers are read into the few fields the server uses (miniserde, as
//! async-stripe itself decodes) rather than async-stripe's full resource
//! types: those require every field of the pinned API version, so a field
//! Stripe adds or drops would turn a successful payment into a failed call.

use std::collections::HashMap;
use std::time::Duration;

use secrecy::ExposeSecret;
use stripe::{Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError, StripeRequest};
use stripe_billing::subscription::{
    CreateSubscription, CreateSubscriptionItems, CreateSubscriptionPaymentBehavior,
    CreateSubscriptionPaymentSettings, CreateSubscriptionPaymentSettingsPaymentMethodTypes,
    CreateSubscriptionPaymentSettingsSaveDefaultPaymentMethod,
};
use stripe_core::customer::CreateCustomer;
use stripe_core::payment_intent::{
    CreatePaymentIntent, CreatePaymentIntentAutomaticPaymentMethods,
    CreatePaymentIntentAutomaticPaymentMethodsAllowRedirects,
};
use stripe_product::price::{
    CreatePrice, CreatePriceRecurring, CreatePriceRecurringInterval, ListPrice,
};
use stripe_product::product::{CreateProduct, RetrieveProduct};
use stripe_types::Currency;
use tokio::sync::Mutex;

use crate::config::StripeSettings;
use crate::error::AppError;
use crate::payments::catalogue::{Billing, Plan};

/// What the visitor sees when Stripe cannot be used; the cause is logged.
const UNAVAILABLE: &str =
    "The payment provider could not be reached. Please try again in a moment.";

/// The order a Stripe object is created for: its id goes into the metadata
/// and, with its creation time, into idempotency keys, so a retried request
/// never creates a second object and keys never repeat across databases.
#[derive(Debug, Clone, Copy)]
pub struct OrderRef<'a> {
    pub id: i32,
    pub created_unix: i64,
    pub plan: &'a Plan,
    pub billing: Billing,
    pub amount_cents: i64,
}

impl OrderRef<'_> {
    fn metadata(&self) -> HashMap<String, String> {
        HashMap::from([
            ("order_id".to_owned(), self.id.to_string()),
            ("plan".to_owned(), self.plan.id.to_owned()),
            ("billing".to_owned(), self.billing.as_str().to_owned()),
        ])
    }

    fn idempotent(&self, step: &str) -> Result<RequestStrategy, StripeError> {
        let key = format!("listing-order-{}-{}-{step}", self.id, self.created_unix);
        IdempotencyKey::new(key)
            .map(RequestStrategy::Idempotent)
            .map_err(|error| StripeError::ClientError(error.to_string()))
    }
}

/// What the browser needs to confirm the payment, and the Stripe object to
/// recognise the order by in webhooks.
#[derive(Debug)]
pub enum Created {
    PaymentIntent { id: String, client_secret: String },
    Subscription { id: String, client_secret: String },
}

#[derive(miniserde::Deserialize)]
struct Object {
    id: String,
}

#[derive(miniserde::Deserialize)]
struct List {
    data: Vec<Object>,
}

#[derive(miniserde::Deserialize)]
struct PaymentIntentAnswer {
    id: String,
    client_secret: Option<String>,
}

#[derive(miniserde::Deserialize)]
struct SubscriptionAnswer {
    id: String,
    latest_invoice: Option<InvoiceAnswer>,
}

#[derive(miniserde::Deserialize)]
struct InvoiceAnswer {
    confirmation_secret: Option<ConfirmationSecret>,
}

#[derive(miniserde::Deserialize)]
struct ConfirmationSecret {
    client_secret: String,
}

pub struct StripeClient {
    client: Client,
    /// Price ids by lookup key, found or created once per process.
    prices: Mutex<HashMap<String, String>>,
}

impl StripeClient {
    /// `None` when no secret key is configured: payments are switched off.
    pub fn from_settings(settings: &StripeSettings) -> anyhow::Result<Option<Self>> {
        let secret = settings.secret_key.expose_secret();
        if secret.is_empty() {
            return Ok(None);
        }
        let mut builder = ClientBuilder::new(secret).timeout(Duration::from_secs(20));
        if !settings.api_base.is_empty() {
            // async-stripe appends `v1/...` to the base as it is.
            builder = builder.url(format!("{}/", settings.api_base.trim_end_matches('/')));
        }
        let client = builder
            .build()
            .map_err(|error| anyhow::anyhow!("configuring the Stripe client: {error}"))?;
        Ok(Some(Self {
            client,
            prices: Mutex::new(HashMap::new()),
        }))
    }

    /// Creates what the order's plan is paid with: a PaymentIntent for a
    /// one-off plan, a Subscription waiting for its first payment otherwise.
    pub async fn create_payment(&self, order: OrderRef<'_>) -> Result<Created, AppError> {
        let created = if order.plan.is_recurring() {
            self.create_subscription(order).await
        } else {
            self.create_payment_intent(order).await
        };
        created.map_err(|error| {
            tracing::error!(%error, order_id = order.id, "Stripe request failed");
            AppError::BadGateway(UNAVAILABLE.into())
        })
    }

    async fn create_payment_intent(&self, order: OrderRef<'_>) -> Result<Created, StripeError> {
        let request = CreatePaymentIntent::new(order.amount_cents, Currency::USD)
            .automatic_payment_methods(CreatePaymentIntentAutomaticPaymentMethods {
                // Only methods paid without leaving the page: the form shows
                // the outcome, and the return address is never visited.
                allow_redirects: Some(
                    CreatePaymentIntentAutomaticPaymentMethodsAllowRedirects::Never,
                ),
                enabled: true,
            })
            .description(format!("{} Business Listing", order.plan.name))
            .metadata(order.metadata());
        let answer: PaymentIntentAnswer = request
            .build()
            .customize()
            .request_strategy(order.idempotent("payment-intent")?)
            .send(&self.client)
            .await?;
        let client_secret = answer.client_secret.ok_or_else(|| {
            StripeError::JSONDeserialize("PaymentIntent without client_secret".into())
        })?;
        Ok(Created::PaymentIntent {
            id: answer.id,
            client_secret,
        })
    }

    async fn create_subscription(&self, order: OrderRef<'_>) -> Result<Created, StripeError> {
        let price = self.recurring_price(order.plan, order.billing).await?;
        let customer: Object = CreateCustomer::new()
            .metadata(order.metadata())
            .build()
            .customize()
            .request_strategy(order.idempotent("customer")?)
            .send(&self.client)
            .await?;
        let mut item = CreateSubscriptionItems::new();
        item.price = Some(price);
        let mut payment_settings = CreateSubscriptionPaymentSettings::new();
        // Cards, as checkout promises, and as renewals can charge unattended.
        payment_settings.payment_method_types = Some(vec![
            CreateSubscriptionPaymentSettingsPaymentMethodTypes::Card,
        ]);
        // Renewals charge the card the visitor confirms the first invoice with.
        payment_settings.save_default_payment_method =
            Some(CreateSubscriptionPaymentSettingsSaveDefaultPaymentMethod::OnSubscription);
        let answer: SubscriptionAnswer = CreateSubscription::new()
            .customer(customer.id)
            .items(vec![item])
            .payment_behavior(CreateSubscriptionPaymentBehavior::DefaultIncomplete)
            .payment_settings(payment_settings)
            .metadata(order.metadata())
            .expand(vec!["latest_invoice.confirmation_secret".to_owned()])
            .build()
            .customize()
            .request_strategy(order.idempotent("subscription")?)
            .send(&self.client)
            .await?;
        let client_secret = answer
            .latest_invoice
            .and_then(|invoice| invoice.confirmation_secret)
            .map(|secret| secret.client_secret)
            .ok_or_else(|| {
                StripeError::JSONDeserialize("Subscription without a confirmation secret".into())
            })?;
        Ok(Created::Subscription {
            id: answer.id,
            client_secret,
        })
    }

    /// The Price for `plan` and `billing`, looked up by its lookup key and
    /// created (on the plan's one Product) when missing. The amount is part
    /// of the key: Stripe prices cannot change, so a new catalogue price
    /// makes a new Price.
    async fn recurring_price(&self, plan: &Plan, billing: Billing) -> Result<String, StripeError> {
        let cents = plan.price_cents(billing);
        let lookup_key = format!("listing_{}_{}_{cents}", plan.id, billing.as_str());
        let mut prices = self.prices.lock().await;
        if let Some(id) = prices.get(&lookup_key) {
            return Ok(id.clone());
        }
        let found: List = ListPrice::new()
            .lookup_keys(vec![lookup_key.clone()])
            .active(true)
            .build()
            .customize()
            .send(&self.client)
            .await?;
        let id = match found.data.into_iter().next() {
            Some(price) => price.id,
            None => {
                let product = self.product(plan).await?;
                let interval = match billing {
                    Billing::Monthly => CreatePriceRecurringInterval::Month,
                    Billing::Annual => CreatePriceRecurringInterval::Year,
                };
                let created: Object = CreatePrice::new(Currency::USD)
                    .product(product)
                    .unit_amount(cents)
                    .recurring(CreatePriceRecurring::new(interval))
                    .lookup_key(lookup_key.clone())
                    .build()
                    .customize()
                    .request_strategy(RequestStrategy::Idempotent(
                        IdempotencyKey::new(format!("price-{lookup_key}"))
                            .map_err(|error| StripeError::ClientError(error.to_string()))?,
                    ))
                    .send(&self.client)
                    .await?;
                created.id
            }
        };
        prices.insert(lookup_key, id.clone());
        Ok(id)
    }

    /// The plan's Product, under a fixed id so every process finds the same one.
    async fn product(&self, plan: &Plan) -> Result<String, StripeError> {
        let id = format!("listing_{}", plan.id);
        let existing = RetrieveProduct::new(id.as_str())
            .build()
            .customize::<Object>()
            .send(&self.client)
            .await;
        match existing {
            Ok(product) => Ok(product.id),
            Err(StripeError::Stripe(_, 404)) => {
                let created: Object = CreateProduct::new(format!("{} Business Listing", plan.name))
                    .id(id)
                    .build()
                    .customize()
                    .send(&self.client)
                    .await?;
                Ok(created.id)
            }
            Err(error) => Err(error),
        }
    }
}
