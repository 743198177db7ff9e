use server::catalog_csv::{export, import, ImportError};
use server::db::Database;

use crate::helpers::{migrated_database, on_each_backend, spawn_app, Backend};

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
