// infraplan-cli attacked as a hostile user would: bytes that are not UTF-8, --set values that
// nest without end, outputs that would overwrite inputs or cannot be written, repeated keys,
// folders where files belong. Every case ends within the harness's limits (a timeout and a
// memory cap) with exit 1 or 2 and a message naming the place; nothing crashes.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"

namespace {

QString example(const char* name) {
    return QString::fromUtf8(infraplan::test::sourceDir()) +
           QStringLiteral("/resources/examples/") + name;
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
    shell.start("/bin/sh",
                {"-c", QStringLiteral("exec '") + QString::fromUtf8(infraplan::test::cliPath()) +
                           "' " + quoted.join(' ')});
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
        return writeTestFile(m_dir.path(), name, content);
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
        // The size guard must not be what answers; the random folder name may hold "MB".
        const QString reason = QString(run.err).remove(m_dir.path());
        QVERIFY2(!reason.contains("MB"), qPrintable(run.err));
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

    // A search stops at its budgets and says so, with the best found so far.
    void searchStopsAtItsBudgets() {
        const QString design = example("dgx-h100-training.json");
        const CliRun timed = hostile({"search", design, "--json", "--time-budget", "0.000001"});
        QVERIFY2(timed.exit_code == 0, qPrintable(timed.err));
        const auto out = nlohmann::json::parse(timed.out.toStdString());
        QVERIFY(out["truncated"].get<bool>());
        QVERIFY2(out["truncation"].get<std::string>().find("time budget") != std::string::npos,
                 qPrintable(timed.out));
        const CliRun few = hostile({"search", design, "--json", "--max-candidates", "3"});
        QVERIFY2(few.exit_code == 0, qPrintable(few.err));
        const auto three = nlohmann::json::parse(few.out.toStdString());
        QVERIFY(three["evaluated"].get<long long>() <= 3);
        QVERIFY(three["truncated"].get<bool>());
        QVERIFY(three["truncation"].get<std::string>().find("more than 3") != std::string::npos);
        QCOMPARE(hostile({"search", design, "--time-budget", "0"}).exit_code, 2);
        QCOMPARE(hostile({"search", design, "--max-candidates", "-1"}).exit_code, 2);
    }

    // 10,000 items and a 100 KB name: the PDF stays a report (lists capped with "and N more",
    // long text cut with an ellipsis); the JSON and CSV keep everything.
    void hugeDesignsGiveReadableReports() {
        // (Plain strings: moc does not parse raw string literals with unbalanced quotes.)
        const QByteArray gpu =
            "{\"id\": \"gpu\", \"kind\": \"accelerator\", \"ref\": \"nvidia-h100-sxm\", "
            "\"count\": 8}";
        const QByteArray tail = "]}, \"workload\": {\"model\": \"llama3-8b\"}}";
        QByteArray items;
        for (int i = 0; i < 10000; ++i)
            items += ", {\"id\": \"cpu" + QByteArray::number(i) +
                     "\", \"kind\": \"cpu\", \"power_w\": 100}";
        const QByteArray head = "{\"format\": \"infraplan-design\", \"version\": 1, ";
        const QByteArray many = head + "\"hardware\": {\"items\": [" + gpu + items + tail;
        const QByteArray named = head + "\"name\": \"" + QByteArray(100000, 'n') +
                                 "\", \"hardware\": {\"items\": [" + gpu + tail;
        static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s\\w])"));
        for (const auto& [name, content] : {std::pair{"many", many}, std::pair{"named", named}}) {
            const QString design = write(QString(name) + ".json", content);
            const QString pdf = m_dir.filePath(QString(name) + ".pdf");
            const CliRun run = hostile({"report", design, "-o", pdf});
            QVERIFY2(run.exit_code == 0, qPrintable(run.err));
            QFile file(pdf);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const auto pages = QString::fromLatin1(file.readAll()).count(page);
            QVERIFY2(pages >= 2 && pages <= 30,
                     qPrintable(QString("%1: %2 pages").arg(name).arg(pages)));
        }
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
