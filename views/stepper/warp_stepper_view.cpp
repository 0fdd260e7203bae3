#include "views/stepper/warp_stepper_view.h"

#include "model/device/device_list_model.h"
#include "model/stepper/register_table_model.h"
#include "model/stepper/stepper_session.h"
#include "views/stepper/changed_cell_delegate.h"
#include "views/stepper/lane_strip.h"
#include "views/stepper/memory_picture_widget.h"
#include "views/stepper/ptx_listing_widget.h"
#include "views/stepper/step_status_text.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace views {

WarpStepperView::WarpStepperView(model::StepperSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_registers(new model::RegisterTableModel(model::RegisterTableModel::Rows::Registers, this))
    , m_watches(new model::RegisterTableModel(model::RegisterTableModel::Rows::Watches, this))
{
    setupActions();
    setupLayout();
    setupConnections();
    showBusy(session->isBusy());
    if (session->snapshot())
        showSnapshot(session->snapshot());
}

QAction* WarpStepperView::addStepperAction(const QString& text, const QKeySequence& shortcut, const QString& tip)
{
    auto* action = new QAction(text, this);
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    action->setToolTip(shortcut.isEmpty() ? tip : tip + QStringLiteral(" (") + shortcut.toString(QKeySequence::NativeText) + u')');
    addAction(action);
    return action;
}

void WarpStepperView::setupActions()
{
    m_step = addStepperAction(tr("Step"), QKeySequence(Qt::Key_F10), tr("Issue one instruction of the selected warp"));
    m_stepBack = addStepperAction(tr("Step back"), QKeySequence(Qt::SHIFT | Qt::Key_F10), tr("Undo the last step"));
    m_runToBarrier = addStepperAction(tr("Run to barrier"), {}, tr("Run the warp until it waits at a barrier"));
    m_runToCursor = addStepperAction(tr("Run to cursor"), QKeySequence(Qt::CTRL | Qt::Key_F10),
        tr("Run the warp until it reaches the selected PTX line"));
    m_toggleBreakpoint = addStepperAction(tr("Breakpoint"), QKeySequence(Qt::Key_F9),
        tr("Set or clear a breakpoint on the selected PTX line"));
    // F8 (the "resume" key of web inspectors) as the action's shortcut; F5 through event() below, so that the
    // main window's F5 (Run) is untouched outside the stepper.
    m_continue = addStepperAction(tr("Continue"), QKeySequence(Qt::Key_F8), tr("Run to the next breakpoint or the end (F5)"));
    m_runToEnd = addStepperAction(tr("Run to end"), {}, tr("Run the warp to its end, ignoring breakpoints"));
    m_restart = addStepperAction(tr("Restart"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5),
        tr("Back to the first instruction of the block"));
    m_stop = addStepperAction(tr("Stop"), {}, tr("Stop a long run where it is"));
}

namespace {

bool isBareF5(const QKeyEvent& key) { return key.key() == Qt::Key_F5 && key.modifiers() == Qt::NoModifier; }

} // namespace

bool WarpStepperView::event(QEvent* event)
{
    if (event->type() == QEvent::ShortcutOverride && isBareF5(*static_cast<QKeyEvent*>(event))) {
        event->accept(); // delivered to keyPressEvent as a key, not to the window's F5 shortcut
        return true;
    }
    return QWidget::event(event);
}

void WarpStepperView::keyPressEvent(QKeyEvent* event)
{
    if (isBareF5(*event) && m_continue->isEnabled()) {
        m_continue->trigger();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

QToolBar* WarpStepperView::makeToolBar()
{
    auto* bar = new QToolBar;
    bar->setObjectName(QStringLiteral("stepperToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (auto* action : { m_step, m_stepBack, m_runToBarrier, m_runToCursor, m_toggleBreakpoint, m_continue,
             m_runToEnd, m_restart, m_stop })
        bar->addAction(action);
    return bar;
}

QWidget* WarpStepperView::makePickers()
{
    auto* pickers = new QWidget;
    auto* layout = new QHBoxLayout(pickers);
    layout->setContentsMargins(4, 0, 4, 0);
    m_device = new QComboBox;
    m_device->setModel(m_session->devices());
    m_device->setObjectName(QStringLiteral("stepperDevice"));
    m_device->setEnabled(false); // until a launch is open: there is nothing to re-run on another device
    m_device->setPlaceholderText(tr("no launch open"));
    m_device->setCurrentIndex(-1);
    layout->addWidget(new QLabel(tr("Device")));
    layout->addWidget(m_device);
    layout->addWidget(new QLabel(tr("Block")));
    for (auto** box : { &m_blockX, &m_blockY, &m_blockZ }) {
        *box = new QSpinBox;
        (*box)->setKeyboardTracking(false);
        layout->addWidget(*box);
    }
    m_warp = new QSpinBox;
    m_warp->setKeyboardTracking(false);
    layout->addWidget(new QLabel(tr("Warp")));
    layout->addWidget(m_warp);
    m_position = new QLabel;
    m_position->setObjectName(QStringLiteral("stepperPosition"));
    layout->addWidget(m_position, 1);
    return pickers;
}

QWidget* WarpStepperView::makeStatePanel()
{
    m_registerTable = new QTableView;
    m_registerTable->setModel(m_registers);
    m_registerTable->setItemDelegate(new ChangedCellDelegate(m_registerTable));
    m_registerTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_registerTable->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_registerTable->setMinimumHeight(40); // a header and a row: the tables scroll, the dock stays short
    auto* tabs = new QTabWidget;
    tabs->addTab(m_registerTable, tr("Registers"));
    tabs->addTab(makeWatchPanel(), tr("Watch"));
    return tabs;
}

QWidget* WarpStepperView::makeWatchPanel()
{
    auto* panel = new QWidget;
    m_watchInput = new QLineEdit;
    m_watchInput->setPlaceholderText(tr("Add a watch: a register or an expression, e.g. %r6 * 4 + %rd4"));
    m_watchTable = new QTableView;
    m_watchTable->setModel(m_watches);
    m_watchTable->setItemDelegate(new ChangedCellDelegate(m_watchTable));
    m_watchTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_watchTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_watchTable->setMinimumHeight(40);
    auto* remove = new QAction(tr("Remove watch"), m_watchTable);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_watchTable->addAction(remove);
    connect(remove, &QAction::triggered, this, &WarpStepperView::removeSelectedWatches);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_watchInput);
    layout->addWidget(m_watchTable, 1);
    return panel;
}

void WarpStepperView::setupLayout()
{
    m_listing = new PtxListingWidget;
    m_lanes = new LaneStrip;
    m_memory = new MemoryPictureWidget;
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("stepperStatus"));
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(makeStatePanel());
    right->addWidget(m_memory);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_listing);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({ 560, 1000 });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makeToolBar());
    layout->addWidget(makePickers());
    layout->addWidget(m_lanes);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
}

} // namespace views
