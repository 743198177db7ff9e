use std::process::Command;

use server::catalog_csv::{export, import, ImportError};
use server::db::{Database, DbConnection};
use server::models::business::{Business, BusinessFilter};

use crate::helpers::{
    migrated_database, on_each_backend, spawn_app, workspace, Backend, TestDatabase,
};

fn export_string(db: &Database) -> String {
    let mut out = Vec::new();
    export(&mut db.connection().expect("connection"), &mut out).expect("export");
    String::from_utf8(out).expect("UTF-8")
}

on_each_backend! {
    async fn export_then_import_into_an_empty_database_then_export_is_identical(backend) {
        let app = spawn_app(backend).await;
        let first = export_string(&app.db);
        assert!(first.lines().count() > 60);

        let (_database, empty) = migrated_database(backend);
        let imported = import(
            &mut empty.connection().expect("connection"),
            first.as_bytes(),
            chrono::Utc::now(),
        )
        .expect("import");
        assert_eq!(imported, first.lines().count() - 1);
        assert_eq!(export_string(&empty), first);
    }
}

#[test]
fn a_file_with_one_bad_row_imports_nothing_and_names_the_row() {
    let (_database, db) = migrated_database(Backend::Sqlite);
    let csv = "name,slug,description,address,phone,email,website,logoUrl,imageUrl,latitude,longitude,categoryName,featured,verified\n\
        Good Shop,good-shop,,,,,,,,,,Shopping,false,true\n\
        Bad Shop,Bad Slug!,,,,,,,,,,Shopping,false,false\n\
        Late Shop,late-shop,,,,,,,,95.5,,Shopping,true,false\n";
    let outcome = import(
        &mut db.connection().expect("connection"),
        csv.as_bytes(),
        chrono::Utc::now(),
    );
    match outcome {
        Err(ImportError::Rows(problems)) => {
            assert_eq!(problems.len(), 2, "{problems:?}");
            assert!(problems[0].starts_with("row 3:"), "{problems:?}");
            assert!(
                problems[1].starts_with("row 4:") && problems[1].contains("latitude"),
                "{problems:?}"
            );
        }
        other => panic!("expected row errors, got {other:?}"),
    }
    assert_eq!(
        export_string(&db).lines().count(),
        1,
        "only the header: nothing was imported"
    );
}

const HEADER: &str = "name,slug,description,address,phone,email,website,logoUrl,imageUrl,latitude,longitude,categoryName,featured,verified";

#[test]
fn a_category_is_found_by_the_slug_its_name_makes_and_a_name_without_one_is_refused() {
    let (_database, db) = migrated_database(Backend::Sqlite);
    let mut conn = db.connection().expect("connection");
    let import_rows = |conn: &mut DbConnection, rows: &str| {
        import(
            conn,
            format!("{HEADER}\n{rows}").as_bytes(),
            chrono::Utc::now(),
        )
    };
    let refused = import_rows(
        &mut conn,
        "Lines Shop,lines-shop,\"Two\nlines\",,,,,,,,,Shopping,false,false\n\
         Blank Shop,blank-shop,,,,,,,,,,\" & \",false,false\n",
    );
    match refused {
        // The second row starts on line 4: the first row's description spans two lines.
        Err(ImportError::Rows(problems)) => {
            assert_eq!(problems.len(), 1, "{problems:?}");
            assert!(
                problems[0].starts_with("row 4: category name"),
                "{problems:?}"
            );
        }
        other => panic!("expected row errors, got {other:?}"),
    }
    for row in [
        "Diner,diner,,,,,,,,,,Food & Dining,false,false",
        "Food Cart,food-cart,,,,,,,,,,food & dining ,false,false",
        "Tea Cart,tea-cart,,,,,,,,,,Food/Dining,false,false",
    ] {
        import_rows(&mut conn, row).expect("imported");
    }
    let exported = export_string(&db);
    assert_eq!(exported.matches(",Food & Dining,").count(), 3, "{exported}");
}

#[test]
fn a_row_cannot_take_a_slug_the_sites_own_addresses_use() {
    let (_database, db) = migrated_database(Backend::Sqlite);
    let csv = format!("{HEADER}\nFeatured Finds,featured,,,,,,,,,,Shopping,false,false\n");
    match import(
        &mut db.connection().expect("connection"),
        csv.as_bytes(),
        chrono::Utc::now(),
    ) {
        Err(ImportError::Rows(problems)) => assert_eq!(
            problems,
            [
                r#"row 2: slug "featured" is reserved: the site's own /api/businesses/featured is not a business"#
            ]
        ),
        other => panic!("expected row errors, got {other:?}"),
    }
}

#[test]
fn the_export_command_writes_the_csv_alone_to_standard_output() {
    let database = TestDatabase::create(Backend::Sqlite);
    // A new database: the command migrates it first, and says so in the log.
    let output = Command::new(env!("CARGO_BIN_EXE_server"))
        .arg("export")
        .current_dir(workspace())
        .env("DATABASE_URL", database.url())
        .env("RUST_LOG", "info")
        .output()
        .expect("server export");
    assert!(output.status.success());
    let logs = String::from_utf8_lossy(&output.stderr);
    assert!(logs.contains("database migrated"), "{logs}");
    let db = Database::connect(&database.settings(1)).expect("connect");
    assert_eq!(
        String::from_utf8(output.stdout).expect("UTF-8"),
        export_string(&db)
    );
}

#[test]
fn text_a_spreadsheet_would_run_as_a_formula_is_exported_with_an_apostrophe_and_imported_as_it_was()
{
    let (_first_database, first) = migrated_database(Backend::Sqlite);
    let hand_written = format!(
        "{HEADER}\n\
         =HYPERLINK(\"http://example.com\"),formula-shop,@everyone,''=quoted,+1 512 555 0100,,,,,,,Shopping,false,false\n"
    );
    import(
        &mut first.connection().expect("connection"),
        hand_written.as_bytes(),
        chrono::Utc::now(),
    )
    .expect("import");
    // As in a spreadsheet, an apostrophe before a formula start marks text:
    // the hand-written `''=quoted` is the text `'=quoted`.
    let exported = export_string(&first);
    let row = exported.lines().nth(1).expect("a row");
    assert_eq!(
        row,
        "\"'=HYPERLINK(\"\"http://example.com\"\")\",formula-shop,'@everyone,''=quoted,'+1 512 555 0100,,,,,,,Shopping,false,false"
    );

    let (_second_database, second) = migrated_database(Backend::Sqlite);
    import(
        &mut second.connection().expect("connection"),
        exported.as_bytes(),
        chrono::Utc::now(),
    )
    .expect("import");
    let business = &Business::list(
        &mut second.connection().expect("connection"),
        &BusinessFilter::default(),
    )
    .expect("list")[0];
    assert_eq!(business.name, "=HYPERLINK(\"http://example.com\")");
    assert_eq!(business.description.as_deref(), Some("@everyone"));
    assert_eq!(business.address.as_deref(), Some("'=quoted"));
    assert_eq!(business.phone.as_deref(), Some("+1 512 555 0100"));
    assert_eq!(export_string(&second), exported);
}
