// The user catalog: schema migration from an older version, override semantics, and files
// that are missing, corrupt, foreign, newer or full of hostile rows.
#include <QtTest>

#include "catalog/builtin.h"
#include "catalog/schema.h"
#include "catalog/sqlite_db.h"
#include "catalog/store.h"
#include "catalog/user_catalog.h"

using namespace infraplan::catalog;

namespace {

Accelerator userGpu(const std::string& id, double tdp_w) {
    Accelerator a = *builtinCatalog().accelerator("nvidia-h100-sxm");
    a.id = id;
    a.name = "Custom " + id;
    a.tdp_w = tdp_w;
    a.origin = Origin::user;
    return a;
}

bool anyMessageContains(const std::vector<std::string>& messages, const std::string& text) {
    for (const auto& m : messages)
        if (m.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

class TestUserCatalog : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

private slots:
    void migratesFromAnOlderSchemaVersion() {
        const std::string file = path("v1.sqlite");
        {
            Database db(file, Database::Mode::read_write_create);
            migrate(db, 1);  // a catalog written by a build that knew only schema 1
            QCOMPARE(db.userVersion(), 1);
            QVERIFY(db.columns("accelerator").size() < 30);
            db.exec(
                "INSERT INTO entry (id, kind, name, vendor, source_document) VALUES "
                "('old-gpu', 'accelerator', 'Old GPU', 'Acme', 'Acme datasheet rev 1');"
                "INSERT INTO accelerator (id, class, peak_bf16_tflops, memory_gb, memory_bw_gb_s, "
                "tdp_w) VALUES ('old-gpu', 'gpu', 100, 40, 1000, 300);"
                "INSERT INTO field_source VALUES ('old-gpu', 'tdp_w', 'Acme press release', "
                "'estimate');");
        }
        std::vector<std::string> messages;
        const Catalog c = loadCatalog(file, &messages);
        QVERIFY2(messages.empty(), messages.empty() ? "" : messages.front().c_str());
        const Accelerator* old = c.accelerator("old-gpu");
        QVERIFY(old);
        QCOMPARE(old->peak(Precision::bf16), 100.0);
        QCOMPARE(old->sourceOf("tdp_w").provenance, Provenance::estimate);
        QCOMPARE(old->gemm_efficiency_max, Accelerator{}.gemm_efficiency_max);  // new column
        Database db(file, Database::Mode::read_only);
        QCOMPARE(db.userVersion(), latestSchemaVersion());
        QVERIFY(latestSchemaVersion() >= 2);
        const auto columns = db.columns("accelerator");
        QVERIFY(std::find(columns.begin(), columns.end(), "gemm_efficiency_max") != columns.end());
    }

    void userEntriesOverrideAndAreMarked() {
        const std::string file = path("override.sqlite");
        std::string error;
        QVERIFY2(writeUserEntries(file, {userGpu("nvidia-h100-sxm", 650), userGpu("my-gpu", 500)},
                                  &error),
                 error.c_str());
        std::vector<std::string> messages;
        const Catalog c = loadCatalog(file, &messages);
        QVERIFY(messages.empty());
        const Accelerator* h100 = c.accelerator("nvidia-h100-sxm");
        QCOMPARE(h100->tdp_w, 650.0);
        QCOMPARE(h100->origin, Origin::user);
        QVERIFY(h100->overrides_builtin);
        const Accelerator* mine = c.accelerator("my-gpu");
        QCOMPARE(mine->origin, Origin::user);
        QVERIFY(!mine->overrides_builtin);
        QCOMPARE(c.accelerator("amd-mi300x")->origin, Origin::builtin);
        // The built-in catalog itself is untouched.
        QCOMPARE(builtinCatalog().accelerator("nvidia-h100-sxm")->tdp_w, 700.0);
        // Removing the override brings the built-in entry back.
        QVERIFY(removeUserEntry(file, "nvidia-h100-sxm", &error));
        QCOMPARE(loadCatalog(file, nullptr).accelerator("nvidia-h100-sxm")->tdp_w, 700.0);
        QVERIFY(!removeUserEntry(file, "nvidia-h100-sxm", &error));
    }

    void writesUseWalForConcurrentInstances() {
        const std::string file = path("wal.sqlite");
        std::string error;
        QVERIFY(writeUserEntries(file, {userGpu("gpu-a", 400)}, &error));
        Database other(file, Database::Mode::read_write_create);  // a second app instance
        Statement mode(other.handle(), "PRAGMA journal_mode");
        QVERIFY(mode.step());
        QCOMPARE(mode.columnText(0), std::string("wal"));
        QVERIFY(writeUserEntries(file, {userGpu("gpu-b", 400)}, &error));
        QVERIFY(loadCatalog(file, nullptr).accelerator("gpu-a"));
        QVERIFY(loadCatalog(file, nullptr).accelerator("gpu-b"));
    }

    void missingFileIsFine() {
        std::vector<std::string> messages;
        const Catalog c = loadCatalog(path("does-not-exist.sqlite"), &messages);
        QVERIFY(messages.empty());
        QCOMPARE(c.size(), builtinCatalog().size());
    }

    void corruptFileLeavesTheBuiltinCatalog() {
        const std::string file = path("corrupt.sqlite");
        {
            QFile f(QString::fromStdString(file));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("SQLite format 3\0", 16) + QByteArray(4096, '\xff'));
        }
        std::vector<std::string> messages;
        const Catalog c = loadCatalog(file, &messages);
        QCOMPARE(c.size(), builtinCatalog().size());
        QCOMPARE(messages.size(), std::size_t(1));
        QVERIFY(anyMessageContains(messages, "using the built-in catalog only"));
        QVERIFY(anyMessageContains(messages, file));
    }

    void foreignAndNewerFilesAreRefused() {
        const std::string foreign = path("foreign.sqlite");
        {
            Database db(foreign, Database::Mode::read_write_create);
            db.exec("CREATE TABLE photos (id INTEGER PRIMARY KEY, data BLOB)");
        }
        std::vector<std::string> messages;
        QCOMPARE(loadCatalog(foreign, &messages).size(), builtinCatalog().size());
        QVERIFY(anyMessageContains(messages, "not an infraplan catalog"));
        {
            Database db(foreign, Database::Mode::read_only);  // left as it was
            QVERIFY(db.columns("entry").empty());
        }
        const std::string newer = path("newer.sqlite");
        {
            Database db(newer, Database::Mode::read_write_create);
            migrate(db);
            db.setUserVersion(latestSchemaVersion() + 7);
        }
        messages.clear();
        QCOMPARE(loadCatalog(newer, &messages).size(), builtinCatalog().size());
        QVERIFY(anyMessageContains(messages, "newer infraplan"));
    }

    // Rows written behind the importer's back (another tool, a hand edit, an attacker) are
    // validated on load: bad ones are left out with a message, good ones still load.
    void hostileRowsAreLeftOutWithAMessage() {
        const std::string file = path("hostile.sqlite");
        std::string error;
        QVERIFY(writeUserEntries(file, {userGpu("good-gpu", 400)}, &error));
        {
            Database db(file, Database::Mode::read_write_create);
            db.exec(
                "INSERT INTO entry (id, kind, name, source_document) VALUES "
                "('nan-gpu', 'accelerator', 'NaN', 'x'), ('neg-gpu', 'accelerator', 'Neg', 'x'),"
                "('huge-gpu', 'accelerator', 'Huge', 'x'), ('inf-gpu', 'accelerator', 'Inf', 'x'),"
                "('Robert''); DROP TABLE entry;--', 'link', 'Bobby', 'x'),"
                "('bad-node', 'node', 'Dangling', 'x'), ('text-gpu', 'accelerator', 'T', 'x');"
                "INSERT INTO accelerator (id, class, tdp_w) VALUES ('nan-gpu', 'gpu', 'NaN'),"
                "('neg-gpu', 'gpu', -700), ('huge-gpu', 'gpu', 1e300), ('inf-gpu', 'gpu', 9e999),"
                "('text-gpu', 'gpu; DROP TABLE entry', 100);"
                "INSERT INTO link (id, class, bandwidth_gb_s) VALUES "
                "('Robert''); DROP TABLE entry;--', 'scale-out', 50);"
                "INSERT INTO node_template (id, accelerator, accelerators) VALUES "
                "('bad-node', 'no-such-gpu', 8);");
        }
        std::vector<std::string> messages;
        const Catalog c = loadCatalog(file, &messages);
        QVERIFY(c.accelerator("good-gpu"));
        for (const char* id :
             {"nan-gpu", "neg-gpu", "huge-gpu", "inf-gpu", "text-gpu", "bad-node"}) {
            QVERIFY2(!c.entry(id), id);
            QVERIFY2(anyMessageContains(messages, id), id);
        }
        QVERIFY(anyMessageContains(messages, "must be a lowercase slug"));
        QVERIFY(anyMessageContains(messages, "no-such-gpu"));
        for (const auto& [id, a] : c.accelerators())
            QVERIFY(std::isfinite(a.tdp_w) && a.tdp_w >= 0);
    }
};

QTEST_GUILESS_MAIN(TestUserCatalog)
#include "tst_user_catalog.moc"
