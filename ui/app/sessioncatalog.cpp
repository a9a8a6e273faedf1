#include "ui/app/sessioncatalog.h"

#include "catalog/user_catalog.h"

namespace infraplan::ui {
namespace {

struct Loaded {
    std::shared_ptr<const catalog::Catalog> catalog;
    QStringList messages;
};

// The GUI thread is the only one that loads or swaps it.
Loaded& loaded() {
    static Loaded instance;
    return instance;
}

void load() {
    std::vector<std::string> messages;
    Loaded& l = loaded();
    l.catalog =
        std::make_shared<const catalog::Catalog>(catalog::loadCatalog(std::string(), &messages));
    l.messages.clear();
    for (const std::string& m : messages)
        l.messages << QString::fromStdString(m);
}

}  // namespace

std::shared_ptr<const catalog::Catalog> sessionCatalog() {
    if (!loaded().catalog) load();
    return loaded().catalog;
}

QStringList sessionCatalogMessages() {
    sessionCatalog();
    return loaded().messages;
}

std::shared_ptr<const catalog::Catalog> reloadSessionCatalog() {
    load();
    return loaded().catalog;
}

}  // namespace infraplan::ui
