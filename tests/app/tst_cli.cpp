// infraplan-cli as a user runs it: exit codes, messages that name the place, bad input of every
// kind (each must end in exit 1 with a pointer, never a crash or hang).
#include <QRegularExpression>
#include <QtTest>

#include <map>
#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"
#include "tests/core/example_designs.h"
#include "tests/support/test_paths.h"

namespace {

using Run = CliRun;

QString example(const char* name) {
    return QString::fromStdString(infraplan::test::examplePath(name));
}

QByteArray minimalDesign() {
    return R"({"format": "infraplan-design", "version": 1,
      "hardware": {"items": [{"id": "gpu", "kind": "accelerator", "ref": "nvidia-h100-sxm", "count": 8}]},
      "workload": {"model": "llama3-70b"}})";
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& content) {
        return writeTestFile(m_dir.path(), name, content);
    }

private Q_SLOTS:
    void versionAndHelp() {
        Run version = runCli({"--version"});
        QCOMPARE(version.exit_code, 0);
        QVERIFY(version.out.contains("infraplan-cli"));
        Run help = runCli({"--help"});
        QCOMPARE(help.exit_code, 0);
        for (const char* sub : {"validate", "evaluate", "search", "report", "compare", "catalog"})
            QVERIFY2(help.out.contains(sub), sub);
        Run subHelp = runCli({"evaluate", "--help"});
        QCOMPARE(subHelp.exit_code, 0);
        QVERIFY(subHelp.out.contains("--set"));
    }

    void usageErrorsExitTwo() {
        QCOMPARE(runCli({}).exit_code, 2);
        QCOMPARE(runCli({"evaluate"}).exit_code, 2);
        QCOMPARE(runCli({"validate", example("dgx-h100-training.json"), "--bogus"}).exit_code, 2);
        Run unknown = runCli({"report", example("dgx-h100-training.json"), "-o", "x.docx"});
        QCOMPARE(unknown.exit_code, 2);
        QVERIFY2(unknown.err.contains(".pdf, .json or .csv"), qPrintable(unknown.err));
        QCOMPARE(
            runCli({"search", example("dgx-h100-training.json"), "--objective", "speed"}).exit_code,
            2);
    }

    void examplesValidate_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("training") << example("dgx-h100-training.json");
        QTest::newRow("inference") << example("llama3-70b-inference.json");
        QTest::newRow("hand-drawn") << example("hand-drawn-cxl.json");
    }
    void examplesValidate() {
        QFETCH(QString, file);
        Run run = runCli({"validate", file});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QVERIFY(run.out.contains("valid"));
    }

    void evaluateJsonHasTheContractFields() {
        Run run = runCli({"evaluate", example("dgx-h100-training.json"), "--json"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const auto results = nlohmann::json::parse(run.out.toStdString());
        for (const char* key : {"feasible", "reasons", "warnings", "bottlenecks", "devices"})
            QVERIFY2(results.contains(key), key);
        QVERIFY(results["feasible"].is_boolean());
        QVERIFY(results["devices"].is_number_integer());
    }

    // The text output reads the results schema: its keys in the contract's order, with units.
    void evaluateTextHasUnitsAndSchemaPrintsTheContract() {
        Run text = runCli({"evaluate", example("dgx-h100-training.json")});
        QVERIFY2(text.exit_code == 0, qPrintable(text.err));
        // The step time with its likely range (error_bands, docs/error-bands.md).
        const QRegularExpression step(
            QStringLiteral("\n    step_time_s: [0-9.]+ s \\(likely [0-9.]+ s – [0-9.]+ s"
                           "(: the engine reads (high|low) on published runs like it)?\\)\n"));
        QVERIFY2(text.out.contains(step), qPrintable(text.out.left(2000)));
        QVERIFY(text.out.contains(QRegularExpression(QStringLiteral("\n    mfu: [0-9.]+ %\n"))));
        QVERIFY(text.out.indexOf("  feasible:") < text.out.indexOf("  training:"));
        Run schema = runCli({"schema", "--json"});
        QVERIFY2(schema.exit_code == 0, qPrintable(schema.err));
        bool sawStep = false;
        for (const auto& field : nlohmann::json::parse(schema.out.toStdString()))
            if (field["key"] == "training.step_time_s")
                sawStep = field["unit"] == "s" && field["modes"] == "training";
        QVERIFY(sawStep);
        Run markdown = runCli({"schema", "--markdown"});
        QVERIFY(markdown.out.contains("| `cost.usd_per_million_tokens` |"));
        QCOMPARE(runCli({"schema", "--markdown", "--json"}).exit_code, 2);
    }

    void setOverridesAndRejectsBadOnes() {
        Run ok = runCli({"evaluate", example("dgx-h100-training.json"), "--set", "strategy.tp=4"});
        QVERIFY2(ok.exit_code == 0, qPrintable(ok.err));
        Run bad =
            runCli({"evaluate", example("dgx-h100-training.json"), "--set", "strategy.tp=-1"});
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(bad.err.contains("/strategy/tp"), qPrintable(bad.err));
        Run malformed = runCli({"evaluate", example("dgx-h100-training.json"), "--set", "tp"});
        QCOMPARE(malformed.exit_code, 2);
        QVERIFY(malformed.err.contains("PATH=VALUE"));
    }

    void badInputExitsOneAndNamesThePlace_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QByteArray negative = minimalDesign();
        negative.replace("\"count\": 8", "\"count\": -4");
        QTest::newRow("negative count") << negative << "/hardware/items/0/count";
        QByteArray absurd = minimalDesign();
        absurd.replace("\"count\": 8", "\"count\": 99999999999999999999");
        QTest::newRow("absurd count") << absurd << "/hardware/items/0/count";
        QByteArray tooMany = minimalDesign();
        tooMany.replace("\"count\": 8", "\"count\": 2000000");
        QTest::newRow("past the device limit") << tooMany << "limit is 1000000";
        QTest::newRow("truncated") << minimalDesign().left(70) << "line 2, column";
        QByteArray wrongType = minimalDesign();
        wrongType.replace("\"count\": 8", "\"count\": [8]");
        QTest::newRow("wrong type")
            << wrongType << "/hardware/items/0/count: must be a positive integer";
        QByteArray nan = minimalDesign();
        nan.replace("\"count\": 8", "\"count\": NaN");
        QTest::newRow("NaN") << nan << "not valid JSON";
        QByteArray inf = minimalDesign();
        inf.replace("\"count\": 8", "\"count\": Infinity");
        QTest::newRow("Infinity") << inf << "not valid JSON";
        QTest::newRow("deep nesting") << QByteArray(10000, '[') << "nesting deeper than 64";
        QByteArray missingRef = minimalDesign();
        missingRef.replace("nvidia-h100-sxm", "nvidia-h999");
        QTest::newRow("missing catalog ref") << missingRef << "/hardware/items/0/ref";
        QByteArray duplicate = minimalDesign();
        duplicate.replace(
            "\"count\": 8}",
            "\"count\": 8}, {\"id\": \"gpu\", \"kind\": \"nic\", \"ref\": \"nvidia-connectx-7\"}");
        QTest::newRow("duplicate id") << duplicate << "/hardware/items/1/id: duplicate id";
        QByteArray danglingLink = minimalDesign();
        danglingLink.replace(
            "]},",
            "], \"links\": [{\"from\": \"gpu\", \"to\": \"nowhere\", \"ref\": \"nvlink-4\"}]},");
        QTest::newRow("link to missing item") << danglingLink << "/hardware/links/0/to";
        QTest::newRow("not an object") << QByteArray("[1, 2, 3]") << "must be an object";
        QTest::newRow("empty file") << QByteArray() << "not valid JSON";
        QTest::newRow("binary") << QByteArray("\x00\xff\xfe garbage", 12) << "not valid JSON";
    }
    void badInputExitsOneAndNamesThePlace() {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path =
            write(QString::fromUtf8(QTest::currentDataTag()).replace(' ', '_') + ".json", content);
        Run run = runCli({"validate", path});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains(expected), qPrintable(run.err));
        Run evaluate = runCli({"evaluate", path, "--json"});
        QCOMPARE(evaluate.exit_code, 1);
        QVERIFY(evaluate.out.isEmpty());
    }

    void fiftyMegabyteFileIsRefused() {
        QByteArray big = minimalDesign();
        big.insert(1, "\"padding\": \"" + QByteArray(50 * 1000 * 1000, 'x') + "\", ");
        Run run = runCli({"validate", write("big.json", big)});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("50.0 MB") && run.err.contains("limit"), qPrintable(run.err));
    }

    void compareTwoDesigns() {
        Run run = runCli({"compare", example("hand-drawn-cxl.json"),
                          example("dgx-h100-training.json"), "--json"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const auto comparison = nlohmann::json::parse(run.out.toStdString());
        std::map<std::string, nlohmann::json> byMetric;
        for (const auto& m : comparison["metrics"])
            byMetric[m["metric"].get<std::string>()] = m;
        const nlohmann::json& devices = byMetric["devices"];
        QCOMPARE(devices["a"].get<int>(), 8);
        QCOMPARE(devices["b"].get<int>(), 256);
        QCOMPARE(devices["change"].get<double>(), 31.0);
        QVERIFY(!devices.contains("verdict"));  // a count: neither better nor worse
        // 32 times the parts fail more often: B's shorter time between interruptions is worse,
        // its shorter step time better; the checkpoint interval is a choice, unmarked.
        const nlohmann::json& mtbi = byMetric["reliability.job_mtbi_h"];
        QVERIFY(mtbi["b"].get<double>() < mtbi["a"].get<double>());
        QCOMPARE(mtbi.value("verdict", ""), std::string("worse"));
        const nlohmann::json& interval = byMetric["reliability.checkpoint_interval_s"];
        QVERIFY(interval["a"] != interval["b"] && !interval.contains("verdict"));
        const nlohmann::json& step = byMetric["training.step_time_s"];
        QCOMPARE(step.value("verdict", ""),
                 std::string(step["b"] < step["a"] ? "better" : "worse"));
        QCOMPARE(runCli({"compare", example("hand-drawn-cxl.json")}).exit_code, 2);
    }

    void reportWritesJsonAndCsv() {
        const QString json = m_dir.filePath("report.json");
        Run run = runCli({"report", example("hand-drawn-cxl.json"), "-o", json});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto report = nlohmann::json::parse(file.readAll().toStdString());
        QCOMPARE(report["results"]["devices"].get<int>(), 8);
        QCOMPARE(report["design"]["format"].get<std::string>(), std::string("infraplan-design"));
        const QString csv = m_dir.filePath("report.csv");
        QCOMPARE(runCli({"report", example("hand-drawn-cxl.json"), "-o", csv}).exit_code, 0);
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QByteArray rows = csvFile.readAll();
        QVERIFY(rows.startsWith("metric,value,unit\n"));
        QVERIFY(rows.contains("\ninventory.devices,8,count\n"));
        QCOMPARE(runCli({"report", example("hand-drawn-cxl.json"), "-o", m_dir.filePath("r.txt")})
                     .exit_code,
                 2);
    }

    // Every example becomes a multi-page PDF (page objects counted in the file itself).
    void reportWritesPdfForEveryExample() {
        const QDir examples(QString::fromUtf8(infraplan::test::sourceDir()) +
                            QStringLiteral("/resources/examples"));
        const QStringList files = examples.entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 4);
        static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s\\w])"));
        for (const QString& name : files) {
            const QString pdf = m_dir.filePath(QFileInfo(name).completeBaseName() + ".pdf");
            Run run = runCli({"report", examples.filePath(name), "-o", pdf});
            QVERIFY2(run.exit_code == 0, qPrintable(name + ": " + run.err));
            QFile file(pdf);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(pdf));
            const QByteArray bytes = file.readAll();
            QVERIFY2(bytes.startsWith("%PDF-"), qPrintable(name));
            QVERIFY2(bytes.size() > 30 * 1024, qPrintable(name));
            QVERIFY2(QString::fromLatin1(bytes).count(page) >= 2, qPrintable(name));
        }
    }

    void reportToAnUnwritablePathExitsOne() {
        const QString out = m_dir.filePath("no-such-folder/report.pdf");
        Run run = runCli({"report", example("dgx-h100-training.json"), "-o", out});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("cannot write") && run.err.contains(out), qPrintable(run.err));
        QVERIFY(!QFile::exists(out));
    }

    void searchListsStrategiesBestFirst() {
        Run run = runCli({"search", example("hand-drawn-cxl.json"), "--set",
                          "workload.model=llama3-8b", "--top", "3", "--json"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const auto search = nlohmann::json::parse(run.out.toStdString());
        QVERIFY(search["evaluated"].get<long long>() > 0);
        QVERIFY(search["feasible"].get<long long>() > 0);
        QVERIFY(search.contains("elapsed_s"));
        QCOMPARE(search["results"].size(), std::size_t(3));
        QVERIFY(search["results"][0]["score"].get<double>() <=
                search["results"][1]["score"].get<double>());
        QVERIFY(search["results"][0]["strategy"].contains("tp"));
        QVERIFY(search["results"][0]["results"]["feasible"].get<bool>());
    }

    void missingFile() {
        Run run = runCli({"validate", m_dir.filePath("does-not-exist.json")});
        QCOMPARE(run.exit_code, 1);
        QVERIFY(run.err.contains("cannot open"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
