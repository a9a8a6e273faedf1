// The inspector as a keyboard user meets it: an edit re-evaluates and rebuilds the page, and
// the keyboard stays in the field it was in, so a second key press edits again.
#include <QPointer>
#include <QSpinBox>
#include <QTest>

#include "ui/canvas/designscene.h"
#include "ui/canvas/nodeitem.h"
#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/inspector/inspectorwidget.h"
#include "ui/mainwindow/mainwindow.h"
#include "uitest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

QSpinBox* field(QWidget* inspector, const QString& name) {
    for (QSpinBox* box : inspector->findChildren<QSpinBox*>())
        if (box->accessibleName() == name && box->isVisible()) return box;
    return nullptr;
}

// The accessible name of the field the window's keyboard focus is in, if inside `container`.
// (The window's focus widget, not the application's: the offscreen platform deactivates the
// window when a focused widget is deleted, which a desktop does not.)
QString focusedField(QWidget* container) {
    QWidget* w = container->window()->focusWidget();
    if (!w || !container->isAncestorOf(w)) return {};
    for (; w && w != container; w = w->parentWidget())
        if (!w->accessibleName().isEmpty()) return w->accessibleName();
    return {};
}

}  // namespace

class TestInspector : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void keyboardStaysInTheFieldAfterAnEdit() {
        MainWindow w;
        w.start({uitest::example("dgx-h100-training.json"), QString(), true});
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto* inspector = w.findChild<InspectorWidget*>(QStringLiteral("inspector"));
        QVERIFY(inspector);
        const QString id = QStringLiteral("dgx");
        const long long before = w.document()->design().findItem("dgx")->count;
        w.scene()->node(id)->setSelected(true);
        QTRY_VERIFY(field(inspector, QStringLiteral("count")));
        QPointer<QSpinBox> count = field(inspector, QStringLiteral("count"));
        count->setFocus();
        QTRY_COMPARE(focusedField(inspector), QStringLiteral("count"));

        QTest::keyClick(w.focusWidget(), Qt::Key_Up);
        QTRY_COMPARE(w.document()->design().findItem("dgx")->count, before + 1);
        QTRY_VERIFY(count.isNull());  // the page was rebuilt with the new figures...
        QTest::qWait(50);
        QCOMPARE(focusedField(inspector), QStringLiteral("count"));  // ...keeping the keyboard
        QCOMPARE(field(inspector, QStringLiteral("count"))->value(), int(before + 1));

        // And it keeps working: the next key press edits the same field again.
        QTest::keyClick(w.focusWidget(), Qt::Key_Up);
        QTRY_COMPARE(w.document()->design().findItem("dgx")->count, before + 2);
        QTest::qWait(50);
        QCOMPARE(focusedField(inspector), QStringLiteral("count"));
    }
};

QTEST_MAIN(TestInspector)
#include "tst_inspector.moc"
