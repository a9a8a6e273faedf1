// infraplan-cli attacked as a hostile user would: bytes that are not UTF-8, --set values that
// nest without end, outputs that would overwrite inputs or cannot be written, repeated keys,
// folders where files belong. Every case ends within the harness's limits (a timeout and a
// memory cap) with exit 1 or 2 and a message naming the place; nothing crashes.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"

namespace {

QString example(const char* name) {
    return QStringLiteral(INFRAPLAN_SOURCE_DIR "/resources/examples/") + name;
}

CliRun hostile(const QStringList& args) {
    return runCli(args, hostileLimits());
}

// QProcess passes arguments as QStrings (encoded to the locale's 8-bit form); a raw byte
// travels through Latin-1 only when the locale is C, so the byte goes in through a file of
// arguments read by the shell instead.
CliRun hostileWithRawArgument(const QStringList& before, const QByteArray& raw,
                              const QStringList& after, const QString& folder) {
    QFile file(folder + "/raw-argument");
    if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write");
    file.write(raw);
    file.close();
    QStringList quoted;
    for (const QString& a : before)
        quoted << "'" + a + "'";
    quoted << "\"$(cat '" + file.fileName() + "')\"";
    for (const QString& a : after)
        quoted << "'" + a + "'";
    QProcess shell;
    shell.start("/bin/sh", {"-c", "exec '" INFRAPLAN_CLI_PATH "' " + quoted.join(' ')});
    CliRun run;
    if (!shell.waitForFinished(30000)) {
        shell.kill();
        shell.waitForFinished();
        run.timed_out = true;
        return run;
    }
    run.exit_code = shell.exitStatus() == QProcess::NormalExit ? shell.exitCode() : -2;
    run.out = QString::fromUtf8(shell.readAllStandardOutput());
    run.err = QString::fromUtf8(shell.readAllStandardError());
    return run;
}

}  // namespace

class TestCliHostile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& content) {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
        file.write(content);
        return path;
    }

private Q_SLOTS:
    // The crash (uncaught type_error.316) reached every JSON writer through a --set value.
    void setValuesThatAreNotUtf8AreRefusedEverywhere_data() {
        QTest::addColumn<QStringList>("before");
        QTest::addColumn<QStringList>("after");
        const QString design = example("hand-drawn-cxl.json");
        QTest::newRow("evaluate --json")
            << QStringList{"evaluate", design, "--json", "--set"} << QStringList{};
        QTest::newRow("search --json")
            << QStringList{"search", design, "--json", "--top", "1", "--set"} << QStringList{};
        QTest::newRow("report json") << QStringList{"report", design, "--set"}
                                     << QStringList{"-o", m_dir.filePath("r.json")};
        QTest::newRow("report pdf")
            << QStringList{"report", design, "--set"} << QStringList{"-o", m_dir.filePath("r.pdf")};
        QTest::newRow("compare --json")
            << QStringList{"compare", design, design, "--json", "--set"} << QStringList{};
    }
    void setValuesThatAreNotUtf8AreRefusedEverywhere() {
        QFETCH(QStringList, before);
        QFETCH(QStringList, after);
        for (const QByteArray& raw :
             {QByteArray("name=\xff\xfe"), QByteArray("hardware.items.0.id=gpu\xc0\xaf")}) {
            const CliRun run = hostileWithRawArgument(before, raw, after, m_dir.path());
            QVERIFY2(!run.timed_out, "timed out");
            QCOMPARE(run.exit_code, 1);
            QVERIFY2(run.err.contains("must be UTF-8 text"), qPrintable(run.err));
            QVERIFY2(run.err.contains(raw.startsWith("name") ? "/name" : "/hardware/items/0/id"),
                     qPrintable(run.err));
            QVERIFY(run.out.isEmpty());
        }
    }

    void setValuesPassTheFilesDepthGuard() {
        const QString deep = "strategy.tp=" + QString(60000, '[') + QString(60000, ']');
        const CliRun run = hostile({"evaluate", example("hand-drawn-cxl.json"), "--set", deep});
        QVERIFY2(!run.timed_out, "timed out");
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("/strategy/tp") && run.err.contains("nesting deeper than"),
                 qPrintable(run.err));
    }

    void setTakesExactlyOneAssignment() {
        // DESIGN after --set stays DESIGN.
        const CliRun ok =
            hostile({"evaluate", "--set", "strategy.tp=4", example("dgx-h100-training.json")});
        QVERIFY2(ok.exit_code == 0, qPrintable(ok.err));
        const CliRun noValue =
            hostile({"evaluate", example("dgx-h100-training.json"), "--set", "strategy.tp"});
        QCOMPARE(noValue.exit_code, 2);
        QVERIFY2(noValue.err.contains("PATH=VALUE"), qPrintable(noValue.err));
        QCOMPARE(hostile({"evaluate", example("dgx-h100-training.json"), "--set", "=4"}).exit_code,
                 2);
    }

    void rangesReadAsPeopleWriteThem() {
        const CliRun zero =
            hostile({"validate", example("hand-drawn-cxl.json"), "--max-devices", "0"});
        QCOMPARE(zero.exit_code, 2);
        QVERIFY2(zero.err.contains("from 1 to 10,000,000"), qPrintable(zero.err));
        QVERIFY2(zero.err.size() < 400, qPrintable(zero.err));
        const CliRun top = hostile({"search", example("hand-drawn-cxl.json"), "--top", "0"});
        QCOMPARE(top.exit_code, 2);
        QVERIFY2(top.err.contains("from 1 to 1,000"), qPrintable(top.err));
    }

    void aFolderIsNotADesign() {
        const CliRun run = hostile({"validate", m_dir.path()});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("is a folder, not a file"), qPrintable(run.err));
        QVERIFY2(!run.err.contains("MB"), qPrintable(run.err));
    }

    void repeatedKeysAreRefusedWithTheirPointer() {
        const QString path = write("twice.json", R"({"format": "infraplan-design", "version": 1,
          "hardware": {"items": [{"id": "gpu", "kind": "accelerator", "ref": "nvidia-h100-sxm",
                                  "count": 8, "count": 8000}]},
          "workload": {"model": "llama3-70b"}})");
        const CliRun run = hostile({"validate", path});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("/hardware/items/0/count") && run.err.contains("twice"),
                 qPrintable(run.err));
    }

    void aReportNeverReplacesItsDesign() {
        QFile::copy(example("hand-drawn-cxl.json"), m_dir.filePath("D.json"));
        const QString design = m_dir.filePath("D.json");
        QFile before(design);
        QVERIFY(before.open(QIODevice::ReadOnly));
        const QByteArray original = before.readAll();
        const CliRun run = hostile({"report", design, "-o", design});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(run.err.contains("is the input"), qPrintable(run.err));
        QFile after(design);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), original);
        // The same file by another name too.
        QVERIFY(QFile::link(design, m_dir.filePath("alias.json")));
        QCOMPARE(hostile({"report", design, "-o", m_dir.filePath("alias.json")}).exit_code, 2);
    }

    void writeErrorsExitOneWithTheReason() {
        CliLimits full = hostileLimits();
        full.stdout_file = QStringLiteral("/dev/full");
        const CliRun run = runCli({"evaluate", example("hand-drawn-cxl.json"), "--json"}, full);
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("No space left on device"), qPrintable(run.err));

        const QString folder = m_dir.filePath("taken.csv");
        QVERIFY(QDir().mkpath(folder));
        const CliRun report = hostile({"report", example("hand-drawn-cxl.json"), "-o", folder});
        QCOMPARE(report.exit_code, 1);
        QVERIFY2(report.err.contains("Is a directory"), qPrintable(report.err));
        const QStringList left = QDir(m_dir.path()).entryList({"taken.csv*"}, QDir::AllEntries);
        QCOMPARE(left, QStringList{"taken.csv"});  // no temporary file left behind
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
