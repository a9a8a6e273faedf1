#include "ui/help/about.h"

#include <QCoreApplication>

namespace infraplan::ui {

QString aboutText() {
    return QCoreApplication::translate(
               "About",
               "<h3>Infraplan %1</h3><p>A desktop planner for AI infrastructure: lay out "
               "accelerators, memory and networks, pick a workload and a parallelism strategy, "
               "and see step time, bottlenecks, power and cost.</p>"
               "<p>Built with Qt %2, running on Qt %3. MIT License.</p>")
        .arg(QStringLiteral(INFRAPLAN_VERSION), QStringLiteral(QT_VERSION_STR),
             QString::fromLatin1(qVersion()));
}

}  // namespace infraplan::ui
