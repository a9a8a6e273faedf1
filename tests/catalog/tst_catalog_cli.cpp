// `infraplan-cli catalog ...` as a new user runs it (docs/cli.md, issue 3 acceptance).
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"

using nlohmann::json;

namespace {

using Run = CliRun;

const json* findId(const json& array, const std::string& id) {
    for (const auto& e : array)
        if (e.value("id", "") == id) return &e;
    return nullptr;
}

}  // namespace

class TestCatalogCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString file(const char* name) { return m_dir.filePath(name); }
    QString write(const char* name, const QByteArray& content) {
        QFile f(file(name));
        if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write");
        f.write(content);
        return file(name);
    }
    Run catalog(const QString& user, const QStringList& args) {
        return runCli(QStringList{"--user-catalog", user, "catalog"} + args);
    }

private slots:
    void listJsonHoldsTheDesignIdsWithSources() {
        const Run run = catalog(file("none.sqlite"), {"list", "--json"});
        QCOMPARE(run.exit_code, 0);
        const json list = json::parse(run.out.toStdString());
        QVERIFY(list.is_array());
        for (const char* id : {"nvidia-h100-sxm",
                               "nvidia-a100-sxm-80gb",
                               "amd-mi300x",
                               "google-tpu-v5p",
                               "intel-gaudi3",
                               "nvidia-dgx-h100",
                               "nvidia-dgx-a100-80gb",
                               "nvidia-hgx-h200",
                               "nvidia-dgx-b200",
                               "nvidia-gb200-nvl72",
                               "amd-mi300x-platform",
                               "nvlink-4",
                               "ib-ndr-400",
                               "ib-hdr-200",
                               "eth-400g",
                               "pcie-gen5-x16",
                               "cxl-2",
                               "nvidia-quantum-2-qm9700",
                               "nvidia-quantum-qm8700",
                               "nvidia-nvswitch-gen3",
                               "gpt3-175b",
                               "llama3-8b",
                               "llama3-70b",
                               "llama3-405b",
                               "llama2-70b",
                               "mixtral-8x7b",
                               "deepseek-v3"}) {
            const json* e = findId(list, id);
            QVERIFY2(e, id);
            for (const char* key : {"kind", "name", "vendor", "source"})
                QVERIFY2(e->contains(key), id);
            QVERIFY2(!(*e)["source"]["document"].get<std::string>().empty(), id);
        }
        const json& h100 = *findId(list, "nvidia-h100-sxm");
        QCOMPARE(h100["peak_bf16_tflops"].get<double>(), 989.0);
        QCOMPARE(h100["memory_gb"].get<double>(), 80.0);
        QCOMPARE(h100["memory_bw_gb_s"].get<double>(), 3350.0);
        QCOMPARE(h100["tdp_w"].get<double>(), 700.0);
        const json& mi = *findId(list, "amd-mi300x");
        QCOMPARE(mi["peak_bf16_tflops"].get<double>(), 1307.0);
        QCOMPARE(mi["memory_gb"].get<double>(), 192.0);
        QCOMPARE(mi["memory_bw_gb_s"].get<double>(), 5300.0);
        QCOMPARE(mi["tdp_w"].get<double>(), 750.0);
        QVERIFY(mi["source"]["document"].get<std::string>().find("MI300X") != std::string::npos);

        const Run links = catalog(file("none.sqlite"), {"list", "--kind", "link", "--json"});
        QCOMPARE(links.exit_code, 0);
        for (const auto& e : json::parse(links.out.toStdString()))
            QCOMPARE(e["kind"].get<std::string>(), std::string("link"));
    }

    void showAndUsageErrors() {
        Run run = catalog(file("none.sqlite"), {"show", "amd-mi300x"});
        QCOMPARE(run.exit_code, 0);
        QVERIFY(run.out.toStdString().find("1307") != std::string::npos);
        QVERIFY(run.out.toStdString().find("[estimate]") !=
                std::string::npos);  // price, efficiencies
        run = catalog(file("none.sqlite"), {"show", "no-such-thing"});
        QCOMPARE(run.exit_code, 1);
        QVERIFY(run.err.toStdString().find("no-such-thing") != std::string::npos);
        QCOMPARE(catalog(file("none.sqlite"), {"list", "--kind", "gpu"}).exit_code, 2);
        QCOMPARE(catalog(file("none.sqlite"), {}).exit_code, 2);
        QCOMPARE(catalog(file("none.sqlite"), {"import"}).exit_code, 2);
    }

    void importMarksOverridesAndRefusesBadFiles() {
        const QString user = file("user.sqlite");
        const QString good = write("good.json", R"j({"entries": [
          {"id": "nvidia-h100-sxm", "kind": "accelerator", "name": "H100 (our firmware cap)",
           "vendor": "NVIDIA", "class": "gpu", "peak_bf16_tflops": 989, "memory_gb": 80,
           "memory_bw_gb_s": 3350, "tdp_w": 600, "source": "our lab, 2026-03"}]})j");
        Run run = catalog(user, {"import", good});
        QCOMPARE(run.exit_code, 0);
        run = catalog(user, {"show", "nvidia-h100-sxm", "--json"});
        const json h100 = json::parse(run.out.toStdString());
        QCOMPARE(h100["tdp_w"].get<double>(), 600.0);
        QCOMPARE(h100["origin"].get<std::string>(), std::string("user"));
        QVERIFY(h100["overrides_builtin"].get<bool>());
        run = catalog(user, {"list"});
        QVERIFY(run.out.toStdString().find("overrides built-in") != std::string::npos);

        const QString bad = write("bad.csv",
                                  "id,kind,name,class,tdp_w,source_document\n"
                                  "ok-gpu,accelerator,OK,gpu,100,doc\n"
                                  "bad-gpu,accelerator,Bad,gpu,-3,doc\n");
        run = catalog(user, {"import", bad});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.toStdString().find("line 3/tdp_w") != std::string::npos,
                 run.err.toStdString().c_str());
        QVERIFY(run.err.toStdString().find("nothing was written") != std::string::npos);
        QCOMPARE(catalog(user, {"show", "ok-gpu"}).exit_code, 1);

        QCOMPARE(catalog(user, {"export", file("mine.csv"), "--user-only"}).exit_code, 0);
        QFile csv(file("mine.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().count('\n'), 2);  // header + the one override
        QCOMPARE(catalog(user, {"remove", "nvidia-h100-sxm"}).exit_code, 0);
        QCOMPARE(catalog(user, {"export", file("out.txt")}).exit_code, 1);
    }

    void corruptUserCatalogStillWorks() {
        const QString user = write("corrupt.sqlite", QByteArray(8192, 'x'));
        const Run run = catalog(user, {"list", "--kind", "model"});
        QCOMPARE(run.exit_code, 0);
        QVERIFY(run.out.toStdString().find("llama3-70b") != std::string::npos);
        QVERIFY(run.err.toStdString().find("using the built-in catalog only") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCatalogCli)
#include "tst_catalog_cli.moc"
