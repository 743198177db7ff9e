//! A stand-in for Stripe's API on 127.0.0.1: exactly the endpoints the
//! server calls, answering Stripe's JSON shapes and error format, recording
//! every request (with its Idempotency-Key), and able to fail with 500.

use std::collections::HashMap;
use std::net::TcpListener;
use std::sync::{Arc, Mutex, MutexGuard};

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use serde_json::{json, Value};

#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub idempotency_key: Option<String>,
    /// Query string and form body pairs, keys as Stripe spells them (`metadata[plan]`).
    pub params: Vec<(String, String)>,
}

impl Recorded {
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    }
}

#[derive(Default)]
struct Books {
    requests: Vec<Recorded>,
    failing: bool,
    next_id: u32,
    products: Vec<String>,
    /// lookup key → price object
    prices: HashMap<String, Value>,
}

impl Books {
    fn id(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}_fake{}", self.next_id)
    }
}

#[derive(Clone)]
pub struct FakeStripe {
    pub base_url: String,
    books: Arc<Mutex<Books>>,
}

impl FakeStripe {
    pub fn start() -> Self {
        let books = Arc::new(Mutex::new(Books::default()));
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind fake Stripe");
        let port = listener.local_addr().expect("address").port();
        let shared = books.clone();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(web::Data::new(shared.clone()))
                .default_service(web::to(answer))
        })
        .workers(1)
        .listen(listener)
        .expect("listen")
        .run();
        actix_rt::spawn(server);
        Self {
            base_url: format!("http://127.0.0.1:{port}"),
            books,
        }
    }

    fn books(&self) -> MutexGuard<'_, Books> {
        self.books.lock().expect("fake Stripe lock")
    }

    /// From now on every request answers 500 with a Stripe `api_error`.
    pub fn fail_with_500(&self) {
        self.books().failing = true;
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.books().requests.clone()
    }

    pub fn requests_to(&self, method: &str, path: &str) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|request| request.method == method && request.path == path)
            .collect()
    }
}

fn stripe_error(status: u16, kind: &str, message: &str) -> HttpResponse {
    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).expect("status"))
        .json(json!({ "error": { "type": kind, "message": message } }))
}

fn metadata(params: &[(String, String)]) -> Value {
    let map: serde_json::Map<String, Value> = params
        .iter()
        .filter_map(|(key, value)| {
            let name = key.strip_prefix("metadata[")?.strip_suffix(']')?;
            Some((name.to_owned(), Value::from(value.as_str())))
        })
        .collect();
    Value::Object(map)
}

async fn answer(
    books: web::Data<Arc<Mutex<Books>>>,
    request: HttpRequest,
    body: web::Bytes,
) -> HttpResponse {
    let mut params: Vec<(String, String)> =
        serde_urlencoded::from_str(request.query_string()).unwrap_or_default();
    params.extend(serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default());
    let param = |key: &str| {
        params
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    };
    let recorded = Recorded {
        method: request.method().to_string(),
        path: request.path().to_owned(),
        idempotency_key: request
            .headers()
            .get("Idempotency-Key")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned),
        params: params.clone(),
    };
    let mut books = books.lock().expect("fake Stripe lock");
    books.requests.push(recorded.clone());
    if books.failing {
        return stripe_error(500, "api_error", "Something went wrong on Stripe's end.");
    }
    let created = 1_790_000_000;
    match (recorded.method.as_str(), recorded.path.as_str()) {
        ("POST", "/v1/payment_intents") => {
            let id = books.id("pi");
            let amount: i64 = param("amount").parse().unwrap_or(0);
            HttpResponse::Ok().json(json!({
                "id": id, "object": "payment_intent", "amount": amount,
                "amount_capturable": 0, "amount_received": 0,
                "capture_method": "automatic_async", "confirmation_method": "automatic",
                "client_secret": format!("{id}_secret_fake"), "created": created,
                "currency": param("currency"), "livemode": false,
                "metadata": metadata(&params), "payment_method_types": ["card"],
                "status": "requires_payment_method",
            }))
        }
        ("GET", "/v1/prices") => {
            let wanted = param("lookup_keys[0]");
            let data: Vec<Value> = books.prices.get(&wanted).cloned().into_iter().collect();
            HttpResponse::Ok().json(json!({
                "object": "list", "data": data, "has_more": false, "url": "/v1/prices",
            }))
        }
        ("GET", path) if path.starts_with("/v1/products/") => {
            let id = path.trim_start_matches("/v1/products/");
            if books.products.iter().any(|product| product == id) {
                HttpResponse::Ok().json(json!({ "id": id, "object": "product", "active": true }))
            } else {
                stripe_error(
                    404,
                    "invalid_request_error",
                    &format!("No such product: '{id}'"),
                )
            }
        }
        ("POST", "/v1/products") => {
            let id = param("id");
            books.products.push(id.clone());
            HttpResponse::Ok().json(json!({
                "id": id, "object": "product", "active": true, "created": created,
                "images": [], "livemode": false, "marketing_features": [], "metadata": {},
                "name": param("name"), "type": "service", "updated": created,
            }))
        }
        ("POST", "/v1/prices") => {
            let id = books.id("price");
            let price = json!({
                "id": id, "object": "price", "active": true, "billing_scheme": "per_unit",
                "created": created, "currency": param("currency"), "livemode": false,
                "lookup_key": param("lookup_key"), "metadata": {}, "product": param("product"),
                "recurring": { "interval": param("recurring[interval]"), "interval_count": 1, "usage_type": "licensed" },
                "type": "recurring", "unit_amount": param("unit_amount").parse::<i64>().unwrap_or(0),
            });
            books.prices.insert(param("lookup_key"), price.clone());
            HttpResponse::Ok().json(price)
        }
        ("POST", "/v1/customers") => {
            let id = books.id("cus");
            HttpResponse::Ok().json(json!({
                "id": id, "object": "customer", "created": created, "livemode": false,
                "metadata": metadata(&params),
            }))
        }
        ("POST", "/v1/subscriptions") => {
            let id = books.id("sub");
            let invoice = books.id("in");
            let payment_intent = books.id("pi");
            HttpResponse::Ok().json(json!({
                "id": id, "object": "subscription", "status": "incomplete",
                "customer": param("customer"), "created": created, "livemode": false,
                "metadata": metadata(&params),
                "items": { "object": "list", "data": [{
                    "id": books.id("si"), "object": "subscription_item",
                    "price": { "id": param("items[0][price]"), "object": "price" },
                    "current_period_start": created, "current_period_end": created + 2_592_000,
                }], "has_more": false, "url": "/v1/subscription_items" },
                "latest_invoice": {
                    "id": invoice, "object": "invoice", "status": "open",
                    "confirmation_secret": {
                        "client_secret": format!("{payment_intent}_secret_fake"),
                        "type": "payment_intent",
                    },
                },
            }))
        }
        (method, path) => stripe_error(
            404,
            "invalid_request_error",
            &format!("Unrecognized request URL ({method}: {path})"),
        ),
    }
}
