// Tools -> Size Hardware as a user runs it: a small training target sized off the GUI thread
// lists core's designs with core's figures, ranked; "Open as Design" asks to save unsaved work
// and then opens the chosen design; an invalid target says why; Cancel stops a sweep.
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include "core/results/format.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plan/sizingdialog.h"
#include "ui/plan/sizingform.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

// Opens the DGX H100 example and Tools -> Size Hardware; null when either fails.
SizingDialog* openSizing(MainWindow& w) {
    if (!uitest::openEvaluated(w, "dgx-h100-training.json")) return nullptr;
    auto* action = w.findChild<QAction*>(QStringLiteral("sizeHardware"));
    if (!action) return nullptr;
    action->trigger();
    return w.findChild<SizingDialog*>();
}

void tick(QListWidget* list, const QString& text) {
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->text() == text) list->item(i)->setCheckState(Qt::Checked);
}

// Llama 3 8B on 10 B tokens in 30 days, NVIDIA nodes, one or two of them, air cooled.
void smallTrainingTarget(SizingDialog* dialog) {
    SizingForm* form = dialog->form();
    form->modeCombo()->setCurrentIndex(0);
    form->modelCombo()->setCurrentIndex(form->modelCombo()->findData(QStringLiteral("llama3-8b")));
    form->tokensBillions()->setValue(10);
    form->deadlineDays()->setValue(30);
    tick(form->vendors(), QStringLiteral("NVIDIA"));
    tick(form->cooling(), QStringLiteral("air"));
    form->maxNodes()->setValue(2);
    dialog->maxStrategies()->setValue(40);
}

bool sized(SizingDialog* dialog) {
    QSignalSpy done(dialog, &SizingDialog::finished);
    return !dialog->isRunning() || done.wait(uitest::kPlanningWaitMs);
}

QString cell(const QTableWidget* table, int row, const QString& header) {
    for (int c = 0; c < table->columnCount(); ++c)
        if (table->horizontalHeaderItem(c)->text() == header) return table->item(row, c)->text();
    return QStringLiteral("<no column %1>").arg(header);
}

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

class TestPlanSizing : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    // Every listed design is core's, with core's figures, ranked by TCO.
    void listsCoresDesignsRanked() {
        MainWindow w;
        SizingDialog* dialog = openSizing(w);
        QVERIFY(dialog);
        smallTrainingTarget(dialog);
        QVERIFY2(dialog->start(), qPrintable(dialog->statusLabel()->text()));
        QVERIFY(!dialog->runButton()->isEnabled() && dialog->cancelButton()->isEnabled());
        QVERIFY(sized(dialog));
        QVERIFY(dialog->result());
        const SizingResult& r = *dialog->result();
        QVERIFY2(!r.designs.empty(), qPrintable(dialog->statusLabel()->text()));
        QVERIFY(dialog->statusLabel()->text().contains(text(formatInteger(r.searched))));
        const QTableWidget* table = dialog->table();
        QCOMPARE(table->rowCount(), int(r.designs.size()));
        for (int row = 0; row < table->rowCount(); ++row) {
            const SizedDesign* s = dialog->designAt(row);
            QVERIFY(s);
            QCOMPARE(s, &r.designs[std::size_t(row)]);
            QCOMPARE(s->vendor, std::string("NVIDIA"));
            QCOMPARE(s->cooling, Cooling::air);
            QVERIFY(s->candidate.nodes <= 2 && s->days_to_train && *s->days_to_train <= 30);
            QCOMPARE(cell(table, row, "Node template"), text(s->candidate.node));
            QCOMPARE(cell(table, row, "Devices"), text(formatInteger(s->results.devices)));
            QVERIFY(cell(table, row, "Time to train")
                        .startsWith(text(formatNumber(*s->days_to_train, 3))));
            QCOMPARE(cell(table, row, "MW"), text(formatNumber(s->facility_mw, 3)));
            QCOMPARE(cell(table, row, "Capex"), text(formatMoney(s->capex_usd)));
            QCOMPARE(cell(table, row, "TCO"), text(formatMoney(s->tco_usd)));
            if (row > 0) QVERIFY(r.designs[std::size_t(row - 1)].tco_usd <= s->tco_usd);
        }
        QVERIFY(dialog->openButton()->isEnabled());
    }

    // Open as Design asks about the unsaved edit first; Cancel keeps the design, Discard opens
    // the sized one as an untitled design.
    void openAsDesignAsksToSaveFirst() {
        MainWindow w;
        SizingDialog* dialog = openSizing(w);
        QVERIFY(dialog);
        smallTrainingTarget(dialog);
        QVERIFY(dialog->start());
        QVERIFY(sized(dialog));
        QVERIFY(dialog->designAt(0));
        const Design chosen = dialog->designAt(0)->design;
        w.document()->setName("Edited");
        const std::string before = w.document()->design().name;

        uitest::answerNextModal([](QWidget* modal) {
            auto* box = qobject_cast<QMessageBox*>(modal);
            QVERIFY(box && box->button(QMessageBox::Discard));
            box->button(QMessageBox::Cancel)->click();
        });
        dialog->openButton()->click();
        QCOMPARE(w.document()->design().name, before);

        uitest::answerNextModal([](QWidget* modal) {
            qobject_cast<QMessageBox*>(modal)->button(QMessageBox::Discard)->click();
        });
        dialog->openButton()->click();
        QCOMPARE(w.document()->design().name, chosen.name);
        QCOMPARE(w.document()->design().hardware.items.size(), chosen.hardware.items.size());
        QVERIFY(w.document()->filePath().isEmpty());
        QCOMPARE(w.document()->undoStack()->count(), 0);
        QVERIFY(!w.document()->isModified());
    }

    // A serving target without an SLO is refused with the reason; nothing runs.
    void anInvalidTargetSaysWhy() {
        MainWindow w;
        SizingDialog* dialog = openSizing(w);
        QVERIFY(dialog);
        dialog->form()->modeCombo()->setCurrentIndex(1);
        dialog->form()->ttftMs()->setValue(0);
        dialog->form()->tpotMs()->setValue(0);
        QVERIFY(!dialog->start());
        QVERIFY(!dialog->form()->target().target);
        QVERIFY(!dialog->isRunning());
        QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("SLO")),
                 qPrintable(dialog->statusLabel()->text()));
    }

    // Cancel stops a large sweep; the dialog is ready to run again.
    void cancelStopsTheSweep() {
        MainWindow w;
        SizingDialog* dialog = openSizing(w);
        QVERIFY(dialog);
        QVERIFY(dialog->start());
        dialog->cancelButton()->click();
        QVERIFY(sized(dialog));
        QVERIFY(dialog->runButton()->isEnabled());
        QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("Cancelled")),
                 qPrintable(dialog->statusLabel()->text()));
    }
};

QTEST_MAIN(TestPlanSizing)
#include "tst_plan_sizing.moc"
