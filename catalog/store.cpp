#include "catalog/store.h"

#include <map>

#include "catalog/json_limits.h"
#include "catalog/schema.h"

namespace infraplan::catalog {
namespace {
using nlohmann::json;

std::string quoted(const std::string& identifier) {
    return "\"" + identifier + "\"";
}

void bindJson(Statement& st, int index, const json& v) {
    if (v.is_null())
        st.bindNull(index);
    else if (v.is_boolean())
        st.bind(index, static_cast<long long>(v.get<bool>() ? 1 : 0));
    else if (v.is_number_integer())
        st.bind(index, v.get<long long>());
    else if (v.is_number())
        st.bind(index, v.get<double>());
    else if (v.is_string())
        st.bind(index, v.get<std::string>());
    else
        st.bind(index, dumpJson(v));
}

json columnJson(const Statement& st, int column) {
    if (st.isNull(column)) return nullptr;
    if (st.isInteger(column)) return st.columnInt(column);
    if (st.isReal(column)) return st.columnDouble(column);
    return st.columnText(column);
}

// "SELECT ... LIMIT n" one row past the cap, so that a table over it is noticed.
std::string capped(const std::string& select) {
    return select + " LIMIT " + std::to_string(kMaxCatalogRows + 1);
}

void countRow(int& rows, const std::string& table) {
    if (++rows > kMaxCatalogRows)
        throw SqlError("its table \"" + table + "\" has more than " +
                       std::to_string(kMaxCatalogRows) + " rows");
}

constexpr const char* kBaseColumns[] = {
    "id", "kind", "name", "vendor", "notes", "source_document", "source_provenance"};

}  // namespace

bool deleteEntry(Database& db, const std::string& id) {
    Statement st(db.handle(), "DELETE FROM entry WHERE id = ?1");
    st.bind(1, id);
    st.step();
    Statement changes(db.handle(), "SELECT changes()");
    return changes.step() && changes.columnInt(0) > 0;
}

void writeEntry(Database& db, const AnyEntry& entry) {
    json flat = entryToFlatJson(entry);
    const std::string id = flat["id"].get<std::string>();
    // Replacing deletes the old row of any kind; ON DELETE CASCADE removes its fields/sources.
    deleteEntry(db, id);
    {
        Statement st(db.handle(),
                     "INSERT INTO entry (id, kind, name, vendor, notes, source_document, "
                     "source_provenance) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
        int i = 1;
        for (const char* column : kBaseColumns)
            bindJson(st, i++, flat[column]);
        st.step();
        for (const char* column : kBaseColumns)
            flat.erase(column);
    }
    const json field_sources = flat["field_sources"];
    flat.erase("field_sources");

    const std::string table = kindTable(toString(kindOf(entry)));
    const auto columns = db.columns(table);
    std::string names = "id";
    std::string params = "?1";
    std::vector<const json*> values;
    for (const auto& [key, value] : flat.items()) {
        if (std::find(columns.begin(), columns.end(), key) == columns.end())
            throw SqlError("catalog schema has no column " + table + "." + key);
        names += ", " + quoted(key);
        params += ", ?" + std::to_string(values.size() + 2);
        values.push_back(&value);
    }
    Statement st(db.handle(),
                 "INSERT INTO " + quoted(table) + " (" + names + ") VALUES (" + params + ")");
    st.bind(1, id);
    for (std::size_t i = 0; i < values.size(); ++i)
        bindJson(st, static_cast<int>(i + 2), *values[i]);
    st.step();

    Statement src(db.handle(),
                  "INSERT INTO field_source (entry_id, field, document, provenance) "
                  "VALUES (?1, ?2, ?3, ?4)");
    for (const auto& [field, source] : field_sources.items()) {
        src.reset();
        src.bind(1, id);
        src.bind(2, field);
        src.bind(3, source.value("document", ""));
        src.bind(4, source.value("provenance", "published"));
        src.step();
    }
}

std::vector<AnyEntry> readEntries(Database& db, Origin origin, Diagnostics& diags) {
    checkCatalogSchema(db);
    std::map<std::string, json> rows;  // id -> flat entry
    {
        Statement st(db.handle(), capped("SELECT * FROM entry ORDER BY id"));
        int count = 0;
        while (st.step()) {
            countRow(count, "entry");
            json row = json::object();
            for (int c = 0; c < st.columnCount(); ++c)
                row[st.columnName(c)] = columnJson(st, c);
            if (row["id"].is_string()) rows[row["id"].get<std::string>()] = row;
        }
    }
    for (const char* kind :
         {"accelerator", "memory", "link", "switch", "nic", "node", "model", "default"}) {
        Statement st(db.handle(), capped("SELECT * FROM " + quoted(kindTable(kind))));
        int count = 0;
        while (st.step()) {
            countRow(count, kindTable(kind));
            json fields = json::object();
            for (int c = 0; c < st.columnCount(); ++c)
                fields[st.columnName(c)] = columnJson(st, c);
            auto it =
                fields["id"].is_string() ? rows.find(fields["id"].get<std::string>()) : rows.end();
            if (it == rows.end() || it->second["kind"] != kind) continue;  // orphan row
            for (const auto& [key, value] : fields.items())
                if (key != "id") it->second[key] = value;
        }
    }
    {
        Statement st(db.handle(),
                     capped("SELECT entry_id, field, document, provenance FROM field_source"));
        int count = 0;
        while (st.step()) {
            countRow(count, "field_source");
            auto it = rows.find(st.columnText(0));
            if (it == rows.end()) continue;
            it->second["field_sources"][st.columnText(1)] = {{"document", st.columnText(2)},
                                                             {"provenance", st.columnText(3)}};
        }
    }
    std::vector<AnyEntry> entries;
    for (const auto& [id, row] : rows) {
        const json& kind = row["kind"];
        const std::string pointer =
            "/" + (kind.is_string() ? kind.get<std::string>() : "entry") + "/" + pointerEscape(id);
        if (auto entry = entryFromJson(row, pointer, diags, origin))
            entries.push_back(std::move(*entry));
    }
    return entries;
}

}  // namespace infraplan::catalog
