#include "ui/panels/formfields.h"

#include <QSignalBlocker>

namespace infraplan::ui {

QSpinBox* intField(QWidget* parent, int min, int max, const QString& suffix,
                   std::function<void(int)> commit, const QString& accessibleName) {
    auto* box = new QSpinBox(parent);
    box->setRange(min, max);
    box->setSuffix(suffix);
    box->setKeyboardTracking(false);  // valueChanged only when the edit is finished
    box->setAccessibleName(accessibleName);
    box->setGroupSeparatorShown(true);
    QObject::connect(box, &QSpinBox::valueChanged, box, [commit](int v) { commit(v); });
    return box;
}

QDoubleSpinBox* realField(QWidget* parent, double min, double max, int decimals,
                          const QString& suffix, std::function<void(double)> commit,
                          const QString& accessibleName) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setKeyboardTracking(false);
    box->setAccessibleName(accessibleName);
    box->setGroupSeparatorShown(true);
    QObject::connect(box, &QDoubleSpinBox::valueChanged, box, [commit](double v) { commit(v); });
    return box;
}

QComboBox* choiceField(QWidget* parent, const std::vector<std::pair<QString, QString>>& items,
                       std::function<void(const QString&)> commit, const QString& accessibleName) {
    auto* box = new QComboBox(parent);
    for (const auto& [text, value] : items)
        box->addItem(text, value);
    box->setAccessibleName(accessibleName);
    QObject::connect(box, &QComboBox::activated, box,
                     [box, commit](int index) { commit(box->itemData(index).toString()); });
    return box;
}

void setQuietly(QSpinBox* box, int value) {
    const QSignalBlocker blocker(box);
    box->setValue(value);
}

void setQuietly(QDoubleSpinBox* box, double value) {
    const QSignalBlocker blocker(box);
    box->setValue(value);
}

void setQuietly(QComboBox* box, const QString& value) {
    const QSignalBlocker blocker(box);
    const int index = box->findData(value);
    box->setCurrentIndex(index);
}

}  // namespace infraplan::ui
