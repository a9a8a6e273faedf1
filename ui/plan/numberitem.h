#pragma once
// A table cell that sorts by the number behind its text, not the text ("9 %" before "10 %").

#include <QTableWidgetItem>

namespace infraplan::ui {

class NumberItem : public QTableWidgetItem {
public:
    static constexpr int kSortRole = Qt::UserRole + 1;

    NumberItem(double value, const QString& text) : QTableWidgetItem(text) {
        setData(kSortRole, value);
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& other) const override {
        return data(kSortRole).toDouble() < other.data(kSortRole).toDouble();
    }
};

}  // namespace infraplan::ui
