// `infraplan-cli sensitivity` as a user runs it: JSON ranked by effect, the text output naming
// an input that makes the design infeasible, and a bad design refused.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"
#include "tests/core/example_designs.h"

namespace {

QString example(const char* name) {
    return QString::fromStdString(infraplan::test::examplePath(name));
}

}  // namespace

class TestCliSensitivity : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonRanksByEffect() {
        const CliRun run = runCli({"sensitivity", example("dgx-h100-training.json"), "--json"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const nlohmann::json j = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(j["mode"], "training");
        QCOMPARE(j["inputs"].size(), std::size_t{10});
        QCOMPARE(j["inputs"][0]["input"], "peak_flops_bf16");
        QVERIFY(j["base"]["step_time_s"].get<double>() > 0);
    }

    // 94% of device memory filled (tst_sensitivity finds such strategies): -10% HBM makes it
    // infeasible. The strategy follows the memory model: re-pick it when that model changes.
    void textSaysWhenFeasibilityFlips() {
        const CliRun run = runCli({"sensitivity", example("dgx-h100-training.json"), "--set",
                                   "strategy.tp=8", "--set", "strategy.microbatch=2", "--set",
                                   "strategy.zero=0", "--set", "strategy.recompute=selective"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral(
                     "flips feasibility: the design is infeasible at -10% of HBM capacity")),
                 qPrintable(run.out));
        QVERIFY(run.out.contains(QStringLiteral("infeasible / +0.0%")));
    }

    void invalidDesignIsRefused() {
        const CliRun run = runCli({"sensitivity", example("dgx-h100-training.json"), "--set",
                                   "hardware.items.0.count=-4"});
        QCOMPARE(run.exit_code, 1);
    }
};

QTEST_MAIN(TestCliSensitivity)
#include "tst_cli_sensitivity.moc"
