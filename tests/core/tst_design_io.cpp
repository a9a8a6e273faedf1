#include <QtTest>
#include "core/io/design_json.h"
class TestDesignIo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesMinimal() {
        auto r = infraplan::parseDesign(R"({"format":"infraplan-design","version":1,"hardware":{"items":[]},"workload":{"model":"x"}})");
        QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
    }
};
QTEST_GUILESS_MAIN(TestDesignIo)
#include "tst_design_io.moc"
