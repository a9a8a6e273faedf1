#pragma once
// The open design: owns the core Design and its QUndoStack, and is the only way to change it.
// Every user edit is one undo command pushed through the API below; views (canvas, inspector,
// panels, dashboard) listen to the signals and never touch the Design themselves.
// Designs are read through core's loading path (core/io/design_load.h): the document's catalog
// is the local one with the design's embedded entries laid over it, and a save embeds the
// entries the design uses, so the file evaluates the same on another machine.

#include <QHash>
#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/embedded_entries.h"
#include "catalog/json_reader.h"
#include "core/design/design.h"
#include "core/design/item_index.h"
#include "core/io/design_load.h"

class QUndoStack;

namespace infraplan::ui {

class PlanRecord;

// Parts of the design that panels edit as a whole.
enum class Section { meta, workload, strategy, facility, economics, variants };

class DesignDocument : public QObject {
    Q_OBJECT
public:
    // `local` is the built-in catalog overlaid by the user's (ui/app/sessioncatalog.h).
    explicit DesignDocument(std::shared_ptr<const catalog::Catalog> local,
                            QObject* parent = nullptr);
    // A catalog that outlives the document (the built-in one, in tests).
    explicit DesignDocument(const catalog::Catalog& local, QObject* parent = nullptr);
    ~DesignDocument() override;

    const Design& design() const { return m_design; }
    // What the design is evaluated with: the local catalog and the design's embedded entries.
    const catalog::Catalog& catalog() const { return *m_catalog; }
    // The same, shared with work on other threads (it stays alive while they hold it).
    std::shared_ptr<const catalog::Catalog> sharedCatalog() const { return m_catalog; }
    // The embedded entries of the design last opened: added, and differing from local ones.
    const catalog::EmbeddedReport& embeddedReport() const { return m_embedded; }
    EmbeddedChoice embeddedChoice() const { return m_choice; }
    QUndoStack* undoStack() const { return m_undo; }
    // The planning tools' last results for this document's designs, for its report.
    PlanRecord& planRecord() { return *m_planRecord; }
    const PlanRecord& planRecord() const { return *m_planRecord; }
    QString filePath() const { return m_filePath; }
    bool isModified() const;
    // The file name, or "Untitled" for a design never saved.
    QString displayName() const;

    // Files. A failed open leaves the current design untouched.
    void newDesign(Design design = {}, const QString& path = {});
    bool open(const QString& path, Diagnostics& diagnostics);
    bool openText(const QByteArray& text, Diagnostics& diagnostics);  // an untitled copy
    // The second half of open(), for a load made elsewhere (off the GUI thread): false, and
    // nothing changed, when it could not be read.
    bool adopt(DesignLoad load, const QString& path);
    // The catalog designs are opened against (built-in + user), for a load made elsewhere.
    std::shared_ptr<const catalog::Catalog> localCatalog() const { return m_local; }
    bool save(const QString& path, QString* error);  // with the entries the design uses
    // Decide again which entries win where the file's differ from the local catalog. import_file
    // writes the file's entries into the user catalog at `userCatalog` ("" = the default); the
    // caller then reloads the local catalog (setLocalCatalog). False, with `error`, on failure.
    bool applyEmbeddedChoice(EmbeddedChoice choice, const std::string& userCatalog, QString* error);
    // The local catalog changed (an import): evaluate with the new one from now on.
    void setLocalCatalog(std::shared_ptr<const catalog::Catalog> local);
    // Marks the design as changed since its file (for work restored after a crash).
    void markUnsaved();

    // User edits: each pushes one undoable command (compound edits are macros).
    QString addItem(Item item, QPointF position);  // returns the id it got
    void pasteItems(std::vector<Item> items, std::vector<DesignLink> links,
                    const QHash<QString, QPointF>& positions, const QString& text);
    void removeItems(const QStringList& ids, std::vector<std::size_t> linkIndices = {});
    void moveItems(const QHash<QString, QPointF>& positions);
    // Moves an item into a group ("" = top level) at a position inside it; false if refused.
    bool reparentItem(const QString& id, const QString& parentId, QPointF position);
    void setCollapsed(const QString& groupId, bool collapsed);
    // Adds `link` (both ends must be other items of the design; at least one lane).
    void connectItems(const DesignLink& link);
    void setItem(const Item& changed, const QString& text);
    void setLink(std::size_t index, const DesignLink& changed, const QString& text);
    void setName(const std::string& name);
    void setDescription(const std::string& description);
    void setWorkload(const Workload& workload, const QString& text);
    void setStrategy(const Strategy& strategy, const QString& text);
    void setFacility(const Facility& facility, const QString& text);
    void setEconomics(const Economics& economics, const QString& text);
    QString groupItems(const QStringList& ids, const std::string& role);
    bool ungroup(const QString& groupId, QString* error);
    // Variants (core/design/variants.h; designdocument_variants.cpp), each one undoable edit.
    void addVariant(const std::string& name);  // the current state, kept under `name`
    void removeVariant(const std::string& name);
    bool renameVariant(const std::string& from, const std::string& to);  // false: empty or taken
    // The variant's state (hardware, workload, ...) becomes the design's; the variants stay.
    void applyVariant(const std::string& name);

    // Queries views need.
    QString uniqueId(const std::string& base) const;
    bool hasPosition(const std::string& id) const;
    QPointF position(const std::string& id) const;  // relative to the enclosing group
    bool isCollapsed(const std::string& id) const;
    // True when `id` is `ancestor` or lies inside it.
    bool isInside(const std::string& id, const std::string& ancestor) const;
    // The display label: the item's name, else its catalog entry's name, else its id.
    QString label(const Item& item) const;
    // The item with this id, or nullptr: Design::findItem through an index, so that views
    // rebuilding 100,000 cards stay linear. Valid until the next change of the items.
    const Item* findItem(const std::string& id) const;

    // Low-level mutations, for the undo commands only: each emits the matching signal.
    void applyInsertItem(std::size_t index, const Item& item, const nlohmann::json& layout);
    std::size_t applyRemoveItem(const std::string& id, Item* removed, nlohmann::json* layout);
    void applyInsertLink(std::size_t index, const DesignLink& link);
    DesignLink applyRemoveLink(std::size_t index);
    void applySetItem(const Item& item);
    void applySetLink(std::size_t index, const DesignLink& link);
    void applySetPosition(const std::string& id, QPointF position);
    void applySetLayoutFlag(const std::string& id, const char* flag, bool on);
    Design& mutableDesign() { return m_design; }  // commands that replace a section
    void notifySectionChanged(Section section);
    void notifyStateReplaced();  // the whole state at once (a variant applied or undone)

Q_SIGNALS:
    void designReset();  // a new design was loaded: rebuild everything
    void itemAdded(const QString& id);
    void itemRemoved(const QString& id);
    void itemChanged(const QString& id);  // its semantic fields (name, count, ref, parent...)
    void itemMoved(const QString& id);    // its layout entry only
    void linksChanged();
    void sectionChanged(infraplan::ui::Section section);
    void contentChanged();  // anything the engine reads has changed: re-evaluate
    void filePathChanged(const QString& path);

private:
    void reset(Design design, const QString& path, const DesignLoad& load);
    void itemsMoved() { m_index.reset(); }  // the index points into the item list

    std::shared_ptr<const catalog::Catalog> m_local;
    std::shared_ptr<const catalog::Catalog> m_catalog;
    catalog::EmbeddedReport m_embedded;
    EmbeddedChoice m_choice = EmbeddedChoice::keep_file;
    Design m_design;
    mutable std::unique_ptr<ItemIndex> m_index;  // built on the first lookup after a change
    QString m_filePath;
    QUndoStack* m_undo;
    std::unique_ptr<PlanRecord> m_planRecord;
};

}  // namespace infraplan::ui
