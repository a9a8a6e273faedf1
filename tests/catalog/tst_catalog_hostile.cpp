// Catalog files as an attacker writes them: bytes that are not UTF-8 in every way text enters
// (CSV cell, SQLite column, Hugging Face config file name), SQLite files whose schema would
// run code or never finish (views, recursive views, triggers, virtual tables, generated
// columns), and files past the row and value caps. Each is refused with its place, quickly,
// and the user catalog stays usable; a user catalog that already holds bad bytes loads with
// those rows left out, and every command that prints it still works.
#include <sqlite3.h>

#include <QtTest>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "catalog/builtin.h"
#include "catalog/import_export.h"
#include "catalog/user_catalog.h"
#include "catalog/utf8.h"
#include "tests/cli_runner.h"

using namespace infraplan::catalog;

namespace {

// A raw connection, as another tool (or an attacker) would write a file: none of the
// catalog's own protections.
void rawSql(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    QVERIFY(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, message.c_str());
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

bool anyContains(const std::vector<std::string>& messages, const std::string& part) {
    for (const auto& m : messages)
        if (contains(m, part)) return true;
    return false;
}

constexpr const char* kEntryColumns =
    "id TEXT, kind TEXT, name TEXT, vendor TEXT, notes TEXT, source_document TEXT, "
    "source_provenance TEXT";

}  // namespace

class TestCatalogHostile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string path(const QString& name) { return m_dir.filePath(name).toStdString(); }
    std::string write(const QString& name, const std::string& bytes) {
        QFile f(QString::fromStdString(path(name)));
        if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write");
        f.write(bytes.data(), static_cast<qint64>(bytes.size()));
        return path(name);
    }
    // A valid catalog file (one accelerator) written by the catalog itself.
    std::string goodCatalog(const QString& name) {
        const std::string file = path(name);
        std::string error;
        Accelerator gpu = *builtinCatalog().accelerator("nvidia-h100-sxm");
        gpu.id = "good-gpu";
        gpu.origin = Origin::user;
        if (!writeUserEntries(file, {gpu}, &error)) qFatal("%s", error.c_str());
        return file;
    }
    ImportReport importFile(const std::string& file) {
        return importIntoUserCatalog(file, path("user.sqlite"));
    }
    CliRun cli(const std::string& user, const QStringList& args) {
        return runCli(QStringList{"--user-catalog", QString::fromStdString(user)} + args,
                      hostileLimits());
    }

private Q_SLOTS:
    void badBytesInACsvCellAreRefusedWithTheirPlace() {
        const std::string csv =
            "id,kind,name,class,tdp_w,source_document\n"
            "bad-gpu,accelerator,Bad \xff name,gpu,100,doc\n";
        const ImportReport r = importFile(write("bytes.csv", csv));
        QVERIFY(!r.ok);
        const std::string text = r.diags.toString();
        QVERIFY2(contains(text, "line 2/name: must be UTF-8 text: byte 0xFF"), text.c_str());
    }

    void aConfigJsonWhoseFileNameIsNotUtf8IsRefused() {
        const std::string config = R"({"model_type": "llama", "hidden_size": 4096,
          "num_attention_heads": 32, "num_hidden_layers": 32, "vocab_size": 128256})";
        const std::string file = m_dir.path().toStdString() + "/conf\xff.json";  // raw byte
        std::ofstream(file, std::ios::binary) << config;
        const ImportReport r = importFile(file);
        std::remove(file.c_str());  // QTemporaryDir cannot name it to remove it
        QVERIFY(!r.ok);
        QVERIFY2(contains(r.diags.toString(), "file name"), r.diags.toString().c_str());
        QVERIFY(infraplan::isValidUtf8(r.diags.toString()));
    }

    void badBytesInSqliteTextAreRefused() {
        const std::string file = goodCatalog("bytes.sqlite");
        rawSql(file, "UPDATE entry SET name = 'GPU ' || x'ff' WHERE id = 'good-gpu'");
        const ImportReport r = importFile(file);
        QVERIFY(!r.ok);
        QVERIFY2(contains(r.diags.toString(), "/accelerator/good-gpu/name: must be UTF-8"),
                 r.diags.toString().c_str());
    }

    // The crash that persisted: bad bytes already in the user catalog. The row is left out
    // with a message; list, show and export keep working.
    void aUserCatalogHoldingBadBytesStaysUsable() {
        const std::string user = goodCatalog("poisoned.sqlite");
        rawSql(user,
               "INSERT INTO entry (id, kind, name, source_document) VALUES "
               "('bad-gpu', 'accelerator', 'Bad ' || x'ff', 'doc'),"
               "('worse-gpu', 'accelerator', 'Worse', 'doc ' || x'c0af');"
               "INSERT INTO accelerator (id, class) VALUES ('bad-gpu', 'gpu'), "
               "('worse-gpu', 'gpu');");
        std::vector<std::string> messages;
        const Catalog catalog = loadCatalog(user, &messages);
        QVERIFY(catalog.accelerator("good-gpu"));
        QVERIFY(!catalog.accelerator("bad-gpu"));
        QVERIFY(!catalog.accelerator("worse-gpu"));
        QVERIFY(anyContains(messages, "bad-gpu/name: must be UTF-8"));
        QVERIFY(anyContains(messages, "(entry left out)"));

        const CliRun list = cli(user, {"catalog", "list", "--json"});
        QCOMPARE(list.exit_code, 0);
        QVERIFY(nlohmann::json::parse(list.out.toStdString()).is_array());
        QVERIFY(list.err.contains("entry left out"));
        QCOMPARE(cli(user, {"catalog", "show", "good-gpu", "--json"}).exit_code, 0);
        const CliRun exported =
            cli(user, {"catalog", "export", QString::fromStdString(path("poisoned-out.json"))});
        QCOMPARE(exported.exit_code, 0);
    }

    void schemaObjectsThatRunCodeAreRefused_data() {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("expected");
        QTest::newRow("infinite recursive view")
            << QString(
                   "CREATE VIEW entry AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT "
                   "i + 1 FROM n) SELECT 'e' || i AS id, 'link' AS kind, 'x' AS name, '' AS "
                   "vendor, '' AS notes, 'doc' AS source_document, 'published' AS "
                   "source_provenance FROM n;")
            << "view";
        QTest::newRow("blob view") << QString(
                                          "CREATE VIEW entry AS SELECT 'a' AS id, 'link' AS "
                                          "kind, zeroblob(2000000000) AS name;")
                                   << "view";
        QTest::newRow("trigger")
            << QString(
                   "CREATE TABLE entry (%1); CREATE TABLE t (x); CREATE TRIGGER boom AFTER "
                   "INSERT ON t BEGIN DELETE FROM entry; END;")
                   .arg(kEntryColumns)
            << "trigger";
        QTest::newRow("virtual table")
            << QString("CREATE VIRTUAL TABLE entry USING fts4(id);") << "virtual table";
        QTest::newRow("generated column")
            << QString("CREATE TABLE entry (%1, big TEXT AS (printf('%.*c', 900000, 'x')));")
                   .arg(kEntryColumns)
            << "generated columns";
    }
    void schemaObjectsThatRunCodeAreRefused() {
        QFETCH(QString, sql);
        QFETCH(QString, expected);
        static int files = 0;  // names that do not repeat what the messages must say
        const std::string file = path(QString("schema-%1.db").arg(++files));
        rawSql(file, sql.toStdString());
        const ImportReport r = importFile(file);
        QVERIFY(!r.ok);
        QVERIFY2(contains(r.diags.toString(), expected.toStdString()), r.diags.toString().c_str());
        // As the user catalog, even validate keeps working on the built-in catalog.
        std::vector<std::string> messages;
        const Catalog catalog = loadCatalog(file, &messages);
        QVERIFY(catalog.accelerator("nvidia-h100-sxm"));
        QVERIFY(anyContains(messages, expected.toStdString()));
        const CliRun run =
            cli(file, {"validate", QString::fromUtf8(infraplan::test::sourceDir()) +
                                       QStringLiteral("/resources/examples/hand-drawn-cxl.json")});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QVERIFY(run.err.contains("using the built-in catalog only"));
    }

    void rowsPastTheCapAreRefused() {
        const std::string file = path("many-rows.sqlite");
        rawSql(file, std::string("CREATE TABLE entry (") + kEntryColumns +
                         ");"
                         "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                         "LIMIT 60000) INSERT INTO entry SELECT 'e' || i, 'link', 'x', '', '', "
                         "'doc', 'published' FROM n;");
        const ImportReport r = importFile(file);
        QVERIFY(!r.ok);
        QVERIFY2(contains(r.diags.toString(), "more than 50000 rows"), r.diags.toString().c_str());
    }

    void valuesPastTheSizeCapAreRefused() {
        const std::string file = goodCatalog("big-value.sqlite");
        rawSql(file, "UPDATE entry SET notes = printf('%.*c', 3000000, 'x')");
        const ImportReport r = importFile(file);
        QVERIFY(!r.ok);
        QVERIFY2(contains(r.diags.toString(), "larger than 1 MB"), r.diags.toString().c_str());
    }

    // What was refused left nothing behind: the user catalog is as it was.
    void refusalsLeaveTheUserCatalogUnchanged() {
        QVERIFY(!QFile::exists(QString::fromStdString(path("user.sqlite"))));
        std::vector<std::string> messages;
        const Catalog catalog = loadCatalog(path("user.sqlite"), &messages);
        QVERIFY(messages.empty());
        QVERIFY(catalog.accelerator("nvidia-h100-sxm"));
    }
};

QTEST_GUILESS_MAIN(TestCatalogHostile)
#include "tst_catalog_hostile.moc"
