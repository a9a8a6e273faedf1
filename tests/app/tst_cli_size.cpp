// `infraplan-cli size` as a user runs it: the designs it writes evaluate to the figures it
// listed, the text output names them, and a bad target is refused with the place of the problem.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"

namespace {

// Llama 3 8B on 16 nodes of an NVIDIA and an AMD template: small enough for a test.
nlohmann::json smallTarget() {
    QFile f(QString::fromUtf8(infraplan::test::testDataDir()) +
            QStringLiteral("/sizing/llama3-8b-16-nodes.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read tests/data/sizing/llama3-8b-16-nodes.json");
    return nlohmann::json::parse(f.readAll().toStdString());
}

// A sweep searches two clusters: well under a minute, but the sanitizer build is slower.
CliLimits sweepLimits() {
    CliLimits limits;
    limits.timeout_ms = 300000 * kBuildSlowdown;
    return limits;
}

nlohmann::json readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    return nlohmann::json::parse(f.readAll().toStdString());
}

}  // namespace

class TestCliSize : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString target(const nlohmann::json& j, const char* name) {
        return writeTestFile(m_dir.path(), QString::fromLatin1(name),
                             QByteArray::fromStdString(j.dump()));
    }

private Q_SLOTS:
    void writtenDesignsReproduceTheFigures() {
        const QString dir = m_dir.filePath(QStringLiteral("designs"));
        const CliRun run = runCli({"size", target(smallTarget(), "t.json"), "--json", "-o", dir,
                                   "--max-strategies", "120"},
                                  sweepLimits());
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const nlohmann::json out = nlohmann::json::parse(run.out.toStdString());
        QVERIFY2(out["designs"].size() >= 2, out["infeasible"].dump().c_str());
        for (const nlohmann::json& d : out["designs"]) {
            const QString file = QString::fromStdString(d["design_file"].get<std::string>());
            QVERIFY(QFile::exists(file));
            const CliRun eval = runCli({"evaluate", file, "--json"});
            QVERIFY2(eval.exit_code == 0, qPrintable(eval.err));
            const nlohmann::json r = nlohmann::json::parse(eval.out.toStdString());
            QCOMPARE(r["training"]["step_time_s"], d["results"]["training"]["step_time_s"]);
            QCOMPARE(r["cost"]["tco_usd"], d["tco_usd"]);
            QCOMPARE(r["cost"]["capex_usd"], d["capex_usd"]);
            QCOMPARE(r["power"]["facility_capacity_kw"], d["facility_capacity_kw"]);
            QCOMPARE(r["cost"]["usd_per_million_tokens"], d["usd_per_million_tokens"]);
            QCOMPARE(readJson(file)["strategy"]["tp"], d["strategy"]["tp"]);
        }
    }

    void textOutputListsTheDesigns() {
        const CliRun run = runCli({"size", target(smallTarget(), "t.json"), "--rank", "time",
                                   "--top", "1", "--max-strategies", "60"},
                                  sweepLimits());
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("1. 16 x ")), qPrintable(run.out));
        QVERIFY(run.out.contains(QStringLiteral("days to train")));
        QVERIFY(run.out.contains(QStringLiteral("TCO")));
        QVERIFY(!run.out.contains(QStringLiteral("\n  2. ")));
    }

    void badTargetNamesThePlace() {
        nlohmann::json j = smallTarget();
        j["candidates"]["oversubscription"] = {3};
        const CliRun run = runCli({"size", target(j, "bad.json")});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(
            run.err.contains(QStringLiteral("/candidates/oversubscription/0: must be 1, 2 or 4")),
            qPrintable(run.err));
        QCOMPARE(runCli({"size", m_dir.filePath(QStringLiteral("missing.json"))}).exit_code, 1);
        QCOMPARE(runCli({"size", target(smallTarget(), "t.json"), "--rank", "cheap"}).exit_code, 2);
    }
};

QTEST_MAIN(TestCliSize)
#include "tst_cli_size.moc"
