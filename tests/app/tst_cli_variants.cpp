// Variants from the command line (docs/design-file.md, "variants"): FILE#NAME evaluates one
// variant exactly as the same design saved alone, compare takes two variants of one file, --set
// changes the variant, and a name the file lacks is an error that lists the names it has.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"

namespace {

using nlohmann::json;

json design(int tp, const char* accelerator) {
    return {{"hardware",
             {{"items",
               {{{"id", "gpu"}, {"kind", "accelerator"}, {"ref", accelerator}, {"count", 8}}}}}},
            {"workload", {{"model", "llama3-8b"}, {"seq_len", 2048}, {"global_batch", 64}}},
            {"strategy", {{"tp", tp}}}};
}

// The base on H100 at TP 8, with variants "TP4" and "H200 instead".
json withVariants() {
    json base = design(8, "nvidia-h100-sxm");
    base["format"] = "infraplan-design";
    base["version"] = 1;
    base["name"] = "base";
    json tp4 = design(4, "nvidia-h100-sxm");
    tp4["name"] = "TP4";
    json h200 = design(8, "nvidia-h200-sxm");
    h200["name"] = "H200 instead";
    base["variants"] = {tp4, h200};
    return base;
}

json resultsOf(const CliRun& run) {
    if (run.exit_code != 0) qFatal("the CLI failed: %s", qPrintable(run.err));
    return json::parse(run.out.toStdString());
}

}  // namespace

class TestCliVariants : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_file;

private Q_SLOTS:
    void initTestCase() {
        m_file = writeTestFile(m_dir.path(), QStringLiteral("variants.json"),
                               QByteArray::fromStdString(withVariants().dump()));
    }

    // FILE#NAME gives what the variant saved as a file of its own gives.
    void aVariantEvaluatesAsTheSameDesignAlone() {
        json alone = design(8, "nvidia-h200-sxm");
        alone["format"] = "infraplan-design";
        alone["version"] = 1;
        alone["name"] = "H200 instead";
        const QString path = writeTestFile(m_dir.path(), QStringLiteral("alone.json"),
                                           QByteArray::fromStdString(alone.dump()));
        const json variant = resultsOf(runCli({"evaluate", m_file + "#H200 instead", "--json"}));
        QCOMPARE(variant, resultsOf(runCli({"evaluate", path, "--json"})));
        QVERIFY(variant["feasible"].get<bool>());
        const json base = resultsOf(runCli({"evaluate", m_file, "--json"}));
        QVERIFY(base["training"]["step_time_s"] != variant["training"]["step_time_s"]);
    }

    // Two variants of one file side by side; --set changes the variant it is given with.
    void compareTakesTwoVariantsOfOneFile() {
        const json rows =
            resultsOf(runCli({"compare", m_file + "#TP4", m_file + "#H200 instead", "--json"}));
        QVERIFY2(rows.dump().find("step_time_s") != std::string::npos, rows.dump().c_str());
        const json tp2 =
            resultsOf(runCli({"evaluate", m_file + "#TP4", "--set", "strategy.tp=2", "--json"}));
        const json tp4 = resultsOf(runCli({"evaluate", m_file + "#TP4", "--json"}));
        QVERIFY(tp2["training"]["step_time_s"] != tp4["training"]["step_time_s"]);
    }

    void anUnknownVariantIsNamed() {
        const CliRun run = runCli({"evaluate", m_file + "#TP2"});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains(QStringLiteral(
                     "/variants: the design has no variant named \"TP2\"; it holds \"TP4\", "
                     "\"H200 instead\"")),
                 qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(TestCliVariants)
#include "tst_cli_variants.moc"
