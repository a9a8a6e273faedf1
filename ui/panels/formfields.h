#pragma once
// Small builders for the panels' form fields: spin boxes with units and ranges, and combo
// boxes of enum names, each calling back once per committed edit (not per keystroke).

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <functional>

namespace infraplan::ui {

QSpinBox* intField(QWidget* parent, int min, int max, const QString& suffix,
                   std::function<void(int)> commit, const QString& accessibleName);
QDoubleSpinBox* realField(QWidget* parent, double min, double max, int decimals,
                          const QString& suffix, std::function<void(double)> commit,
                          const QString& accessibleName);
// Items are (shown text, stored value); commit receives the stored value.
QComboBox* choiceField(QWidget* parent, const std::vector<std::pair<QString, QString>>& items,
                       std::function<void(const QString&)> commit, const QString& accessibleName);
// Sets a field's value without emitting the commit.
void setQuietly(QSpinBox* box, int value);
void setQuietly(QDoubleSpinBox* box, double value);
void setQuietly(QComboBox* box, const QString& value);

}  // namespace infraplan::ui
