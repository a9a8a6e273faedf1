#include "ui/plan/checklist.h"

#include "ui/app/theme.h"

namespace infraplan::ui {

QListWidget* makeCheckList(QWidget* parent) {
    auto* list = new QListWidget(parent);
    if (theme().dark) {
        // Fusion draws a box's border from the window colour darkened, which vanishes on the
        // dark list background: a lighter window colour for this list gives a visible border.
        QPalette palette = list->palette();
        palette.setColor(QPalette::Window, palette.color(QPalette::WindowText).darker(130));
        list->setPalette(palette);
    }
    return list;
}

void addCheckItem(QListWidget* list, const QString& text, const QString& id, bool checked) {
    auto* item = new QListWidgetItem(text, list);
    item->setData(Qt::UserRole, id);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

std::vector<std::string> checkedIds(const QListWidget* list) {
    std::vector<std::string> out;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked)
            out.push_back(list->item(i)->data(Qt::UserRole).toString().toStdString());
    return out;
}

}  // namespace infraplan::ui
