#include "ui/app/sessioncatalog.h"

#include "catalog/user_catalog.h"

namespace infraplan::ui {
namespace {

struct Loaded {
    catalog::Catalog catalog;
    QStringList messages;
};

const Loaded& loaded() {
    static const Loaded instance = [] {
        Loaded l;
        std::vector<std::string> messages;
        l.catalog = catalog::loadCatalog(std::string(), &messages);
        for (const std::string& m : messages)
            l.messages << QString::fromStdString(m);
        return l;
    }();
    return instance;
}

}  // namespace

const catalog::Catalog& sessionCatalog() {
    return loaded().catalog;
}
QStringList sessionCatalogMessages() {
    return loaded().messages;
}

}  // namespace infraplan::ui
