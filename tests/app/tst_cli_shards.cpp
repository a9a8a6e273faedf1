// Sharded runs: `search` and `size` with --shard K/N, then `merge`, give the single run's ranked
// list byte for byte; an incomplete or mixed set of shards is refused.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"
#include "tests/core/example_designs.h"

namespace {

nlohmann::json parsed(const CliRun& run) {
    if (run.exit_code != 0) qFatal("infraplan-cli failed: %s", qPrintable(run.err));
    return nlohmann::json::parse(run.out.toStdString());
}

// Pre-training Llama 3 8B on 1T tokens within `days`; the test sets the candidates.
nlohmann::json llama8bTarget(int days) {
    return {{"format", "infraplan-sizing-target"},
            {"version", 1},
            {"workload",
             {{"mode", "training"},
              {"model", "llama3-8b"},
              {"seq_len", 8192},
              {"global_batch", 512},
              {"train_tokens", 1e12},
              {"deadline_days", days}}}};
}

}  // namespace

class TestCliShards : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // Runs the command whole and as `parts` shards; returns (whole, merged) and the shard files.
    std::pair<nlohmann::json, nlohmann::json> wholeAndMerged(const QStringList& command, int parts,
                                                             QStringList* files = nullptr) {
        const nlohmann::json whole = parsed(runCli(command));
        QStringList outputs;
        for (int k = 1; k <= parts; ++k) {
            const QString shard = QStringLiteral("%1/%2").arg(k).arg(parts);
            const CliRun run = runCli(command + QStringList{QStringLiteral("--shard"), shard});
            const QString file =
                m_dir.filePath(QStringLiteral("%1-%2.json").arg(command.front()).arg(k));
            writeTestFile(m_dir.path(), QFileInfo(file).fileName(), run.out.toUtf8());
            if (parsed(run)["shard"] != shard.toStdString())
                qFatal("shard %s: its output says another shard", qPrintable(shard));
            outputs << file;
        }
        if (files) *files = outputs;
        return {whole, parsed(runCli(QStringList{QStringLiteral("merge")} + outputs))};
    }

private Q_SLOTS:
    void mergedSearchEqualsOneRun() {
        const QString design =
            QString::fromStdString(infraplan::test::examplePath("dgx-h100-training.json"));
        QStringList files;
        const auto [whole, merged] = wholeAndMerged(
            {"search", design, "--json", "--top", "8", "--max-candidates", "400"}, 3, &files);
        QCOMPARE(merged["results"].dump(), whole["results"].dump());
        QCOMPARE(merged["evaluated"], whole["evaluated"]);
        QCOMPARE(merged["feasible"], whole["feasible"]);
        QCOMPARE(merged["pruned_memory"], whole["pruned_memory"]);
        QCOMPARE(merged["timed"], whole["timed"]);
        QCOMPARE(merged["space"], whole["space"]);
        QCOMPARE(merged["pareto"].dump(), whole["pareto"].dump());
        QVERIFY(!whole["pareto"]["points"].empty());
        QVERIFY(whole["results"].size() == 8);

        // Every shard is needed, each once, of the same run.
        QCOMPARE(runCli({"merge", files[0], files[1]}).exit_code, 1);
        const CliRun twice = runCli({"merge", files[0], files[0], files[1]});
        QCOMPARE(twice.exit_code, 1);
        QVERIFY(twice.err.contains(QStringLiteral("repeats shard 1/3")));
    }

    void mergedSizingEqualsOneRun() {
        nlohmann::json target = llama8bTarget(60);
        target["candidates"] = {
            {"nodes", {"nvidia-dgx-h100", "amd-mi300x-platform", "nvidia-hgx-h200"}},
            {"node_counts", {16, 24}},
            {"cooling", {"air", "direct-liquid"}}};
        const QString file = writeTestFile(m_dir.path(), QStringLiteral("t.json"),
                                           QByteArray::fromStdString(target.dump()));
        const auto [whole, merged] =
            wholeAndMerged({"size", file, "--json", "--top", "5", "--max-strategies", "60"}, 4);
        QCOMPARE(merged["designs"].dump(), whole["designs"].dump());
        QCOMPARE(merged["searched"], whole["searched"]);
        QCOMPARE(whole["designs"].size(), std::size_t{5});
        QCOMPARE(merged["closest_misses"].dump(), whole["closest_misses"].dump());
    }

    // Nothing meets a 2-day deadline: the merged shards say what the single run says, though
    // the fastest cluster (the fourth) is in the second shard.
    void mergedUnreachableSizingSaysWhatOneRunSays() {
        nlohmann::json target = llama8bTarget(2);
        target["candidates"] = {{"nodes", {"nvidia-dgx-h100", "amd-mi300x-platform"}},
                                {"node_counts", {16, 64}}};
        const QString file = writeTestFile(m_dir.path(), QStringLiteral("late.json"),
                                           QByteArray::fromStdString(target.dump()));
        const auto [whole, merged] =
            wholeAndMerged({"size", file, "--json", "--max-strategies", "40"}, 2);
        QVERIFY(whole["designs"].empty());
        QVERIFY(whole["infeasible"].get<std::string>().starts_with("no candidate meets 2 days"));
        QCOMPARE(merged["infeasible"], whole["infeasible"]);
        QCOMPARE(merged["closest_misses"].dump(), whole["closest_misses"].dump());
    }

    // A hand-edited output with a value of the wrong type: a message, not an internal error.
    void malformedOutputIsRefused() {
        const QString file =
            writeTestFile(m_dir.path(), QStringLiteral("odd.json"),
                          R"({"target": {"mode": 5}, "rank": "tco", "top": "x", "candidates": 1,
                "shard": "1/1", "designs": [{"node": 3}]})");
        const CliRun run = runCli({"merge", file});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains(QStringLiteral("merge: a value of the wrong type")),
                 qPrintable(run.err));
        QVERIFY(!run.err.contains(QStringLiteral("internal error")));
    }
};

QTEST_MAIN(TestCliShards)
#include "tst_cli_shards.moc"
