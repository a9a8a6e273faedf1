#pragma once
// A list of checkable items, each carrying an id (the planning dialogs' filters and parameter
// choices), whose unticked boxes stay visible in the dark look too.

#include <QListWidget>
#include <string>
#include <vector>

namespace infraplan::ui {

QListWidget* makeCheckList(QWidget* parent);
void addCheckItem(QListWidget* list, const QString& text, const QString& id, bool checked);
// The ids of the ticked items, in list order.
std::vector<std::string> checkedIds(const QListWidget* list);

}  // namespace infraplan::ui
