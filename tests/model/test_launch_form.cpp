// The launch form's model: kernels and parameters read from a module, the defaults it proposes, the scenario it
// writes (checked by the engine and run), and errors that name the field they concern.
#include "tests/model/model_test_suites.h"

#include "model/device/device_catalog_load.h"
#include "model/launch/form_field.h"
#include "model/launch/kernel_signature.h"
#include "model/launch/launch_form_session.h"
#include "model/run/run_controller.h"
#include "model/run/run_snapshot.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace model::tests {

namespace {

constexpr int launchFormWaitMs = 60000;

QString kernelFile(const char* name) { return QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/kernels/") + QLatin1String(name); }

class LaunchFormTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        m_catalog = loadDeviceCatalog({}).catalog;
        QVERIFY(m_dir.isValid());
        // A copy of the sample beside the scenarios the tests write, so `module` is a plain relative path.
        m_module = m_dir.filePath(QStringLiteral("offset_copy.ptx"));
        QVERIFY(QFile::copy(kernelFile("sm_80/offset_copy.ptx"), m_module));
    }

    void cudaDeclarationsNameTheParameters()
    {
        const auto source = QStringLiteral("// x\n__global__ void scale(float *out, const float* __restrict__ in, int n,\n"
                                           "    float factor = 2.0f) { }\n__global__ void other(int a) {}");
        QCOMPARE(cudaParameterNames(source, QStringLiteral("scale")),
            (QStringList { QStringLiteral("out"), QStringLiteral("in"), QStringLiteral("n"), QStringLiteral("factor") }));
        QCOMPARE(cudaParameterNames(source, QStringLiteral("missing")), QStringList {});
        QCOMPARE(elementTypeOfPointer(QStringLiteral("float*")), QStringLiteral("f32"));
        QCOMPARE(elementTypeOfPointer(QStringLiteral("unsigned int const*")), QStringLiteral("u32"));
        QCOMPARE(elementTypeOfPointer(QStringLiteral("double2*")), QStringLiteral("f64"));
        QCOMPARE(elementTypeOfPointer(QStringLiteral("Particle*")), QStringLiteral("u8"));
    }

    void aCudaFileListsItsKernelsWithNamedParameters()
    {
        LaunchFormSession session(m_catalog);
        QSignalSpy loaded(&session, &LaunchFormSession::kernelsLoaded);
        session.loadModule(kernelFile("offset_copy.cu"), QStringLiteral("v100"));
        QVERIFY(session.isBusy());
        QVERIFY(loaded.wait(launchFormWaitMs));
        QCOMPARE(session.kernels().size(), 1);
        const auto& k = session.kernels().front();
        QCOMPARE(k.name, QStringLiteral("offsetCopy"));
        QCOMPARE(k.signature, QStringLiteral("offsetCopy(float*, float*, int)"));
        QCOMPARE(k.params.size(), 3);
        QCOMPARE(k.params[0].name, QStringLiteral("odata"));
        QVERIFY(k.params[0].pointer && k.params[1].pointer && !k.params[2].pointer);
        QCOMPARE(k.params[2].ptxType, QStringLiteral(".u32"));
        QVERIFY(!session.isBusy());
    }

    void aSamplePtxTakesItsParameterNamesFromTheCudaSource()
    {
        const auto ptx = kernelFile("sm_80/offset_copy.ptx");
        QCOMPARE(cudaSourcePathFor(ptx), kernelFile("offset_copy.cu")); // sm_80/ is one folder below the .cu
        QCOMPARE(cudaSourcePathFor(kernelFile("offset_copy.cu")), kernelFile("offset_copy.cu"));
        QCOMPARE(cudaSourcePathFor(m_module), QString()); // the copy has no source beside it
        LaunchFormSession session(m_catalog);
        QSignalSpy loaded(&session, &LaunchFormSession::kernelsLoaded);
        session.loadModule(ptx, QStringLiteral("h100"));
        QVERIFY(loaded.wait(launchFormWaitMs));
        const auto& params = session.kernels().front().params;
        QCOMPARE(params.size(), 3);
        QCOMPARE(params[0].name, QStringLiteral("odata"));
        QCOMPARE(params[1].name, QStringLiteral("idata"));
        QCOMPARE(params[2].name, QStringLiteral("offset"));
        QCOMPARE(params[0].ptxType, QStringLiteral(".u64"));
        QCOMPARE(params[2].ptxType, QStringLiteral(".u32"));
        const auto form = defaultLaunchForm(session.kernels().front(), ptx, QStringLiteral("h100"));
        QCOMPARE(form.args, (QStringList { QStringLiteral("odata"), QStringLiteral("idata"), QStringLiteral("0") }));
        QCOMPARE(form.buffers[1].name, QStringLiteral("idata"));
    }

    void aSourceThatDoesNotMatchThePtxNamesNothing()
    {
        QTemporaryDir dir;
        const auto ptx = dir.filePath(QStringLiteral("offset_copy.ptx"));
        QVERIFY(QFile::copy(kernelFile("sm_80/offset_copy.ptx"), ptx));
        QFile source(dir.filePath(QStringLiteral("offset_copy.cu"))); // an edited source: one parameter fewer
        QVERIFY(source.open(QIODevice::WriteOnly));
        source.write("__global__ void offsetCopy(float *out, float *in) { }\n");
        source.close();
        LaunchFormSession session(m_catalog);
        QSignalSpy loaded(&session, &LaunchFormSession::kernelsLoaded);
        session.loadModule(ptx, QStringLiteral("h100"));
        QVERIFY(loaded.wait(launchFormWaitMs));
        QCOMPARE(session.kernels().front().params[0].name, QStringLiteral("arg0"));
    }

    void theDefaultFormIsAScenarioThatRuns()
    {
        LaunchFormSession session(m_catalog);
        QSignalSpy loaded(&session, &LaunchFormSession::kernelsLoaded);
        session.loadModule(m_module, QStringLiteral("v100"));
        QVERIFY(loaded.wait(launchFormWaitMs));
        auto form = defaultLaunchForm(session.kernels().front(), m_module, QStringLiteral("v100"));
        QCOMPARE(form.buffers.size(), 2);
        QCOMPARE(form.buffers[0].init, QStringLiteral("zero")); // the first pointer, by custom the output
        QCOMPARE(form.args, (QStringList { QStringLiteral("arg0"), QStringLiteral("arg1"), QStringLiteral("0") }));
        form.params[QStringLiteral("n")] = 8192;
        const auto path = defaultScenarioPath(form);
        QCOMPARE(path, m_dir.filePath(QStringLiteral("offset_copy_offsetCopy.json")));
        QCOMPARE(session.check(form, path), std::nullopt);
        const auto text = QString::fromUtf8(session.scenarioText(form, path));
        QVERIFY2(text.contains(QStringLiteral("\"module\": \"offset_copy.ptx\"")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("\"grid\": [\n          \"n / 256\"")));
        QVERIFY(!text.contains(QStringLiteral("\"cluster\""))); // 1, 1, 1: no cluster key
        QCOMPARE(session.save(form, path), std::nullopt);

        RunController runs(m_catalog);
        QSignalSpy finished(&runs, &RunController::finished);
        runs.start({ path, {}, {}, {} });
        QVERIFY(finished.wait(launchFormWaitMs));
        const auto snapshot = runs.snapshot();
        QCOMPARE(snapshot->deviceId, QStringLiteral("v100"));
        QCOMPARE(snapshot->launches.size(), 1);
        QCOMPARE(snapshot->launches.front().loadRequests, quint64 { 8192 / 32 }); // one request per warp
        QCOMPARE(snapshot->launches.front().grid[0], 32u);
    }

    void symbolsAndCompilerSettingsReachTheScenario()
    {
        const auto module = m_dir.filePath(QStringLiteral("convolution_const.ptx"));
        QVERIFY(QFile::copy(kernelFile("sm_90/convolution_const.ptx"), module));
        LaunchFormSession session(m_catalog);
        QSignalSpy loaded(&session, &LaunchFormSession::kernelsLoaded);
        session.loadModule(module, QStringLiteral("h100"));
        QVERIFY(loaded.wait(launchFormWaitMs));
        QCOMPARE(session.symbols().size(), 2);
        QCOMPARE(session.symbols()[0].name, QStringLiteral("c_filter"));
        QCOMPARE(session.symbols()[0].type, QStringLiteral("f32")); // .b8 c_filter[68], aligned to 4
        QCOMPARE(session.symbols()[0].count, QStringLiteral("17"));
        QCOMPARE(session.symbols()[1].type, QStringLiteral("u32"));
        auto form = defaultLaunchForm(session.kernels().front(), module, QStringLiteral("h100"));
        form.params[QStringLiteral("n")] = 4096;
        form.args = { QStringLiteral("arg0"), QStringLiteral("arg1"), QStringLiteral("n"), QStringLiteral("4") };
        form.symbols = session.symbols();
        form.symbols[0].count = QStringLiteral("9");
        form.symbols[0].init = QStringLiteral("iota");
        form.includeDirs = { m_dir.filePath(QStringLiteral("include")) };
        form.defines = { QStringLiteral("TAPS=9") };
        const auto path = m_dir.filePath(QStringLiteral("conv.json"));
        const auto text = QString::fromUtf8(session.scenarioText(form, path));
        QVERIFY2(text.contains(QStringLiteral("\"memcpy_to_symbol\"")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("\"bytes\": \"4 * (9)\"")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("\"include\"")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("\"TAPS\": \"9\"")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("h_d_outputs"))); // left at its initializer
        QCOMPARE(session.save(form, path), std::nullopt);
        RunController runs(m_catalog);
        QSignalSpy finished(&runs, &RunController::finished);
        runs.start({ path, {}, {}, {} });
        QVERIFY(finished.wait(launchFormWaitMs));
        const auto snapshot = runs.snapshot();
        QCOMPARE(snapshot->launches.size(), 1);
        QVERIFY(snapshot->launches.front().registersPerThread > 0);
        QVERIFY(!snapshot->launches.front().registersSource.isEmpty());
    }

    void errorsNameTheFieldTheyConcern()
    {
        LaunchFormSession session(m_catalog);
        QSignalSpy loaded(&session, &LaunchFormSession::kernelsLoaded);
        session.loadModule(m_module, QStringLiteral("h100"));
        QVERIFY(loaded.wait(launchFormWaitMs));
        const auto good = defaultLaunchForm(session.kernels().front(), m_module, QStringLiteral("h100"));
        const auto path = m_dir.filePath(QStringLiteral("bad.json"));
        const auto problem = [&](const LaunchForm& form) { return session.check(form, path).value_or(QString()); };

        auto form = good;
        form.args[1] = QStringLiteral("nosuch");
        QVERIFY2(problem(form).contains(QStringLiteral("/steps/0/launch/args/1")), qPrintable(problem(form)));
        form = good;
        form.block[0] = QStringLiteral("2048"); // more threads than a block may have
        QVERIFY2(problem(form).contains(QStringLiteral("/steps/0/launch/block")), qPrintable(problem(form)));
        form = good;
        form.buffers[1].init = QStringLiteral("file:missing.bin"); // contents from a file that is not there
        QVERIFY2(session.scenarioText(form, path).contains("\"file\": \"missing.bin\""), session.scenarioText(form, path).constData());
        QVERIFY2(problem(form).contains(QStringLiteral("missing.bin")), qPrintable(problem(form)));
        form = good;
        form.cluster[0] = QStringLiteral("2"); // clusters on an H100: the shape goes into the scenario
        QVERIFY2(session.scenarioText(form, path).contains("\"cluster\": [\n          2"), session.scenarioText(form, path).constData());
        form.cluster[0] = QStringLiteral("n +");
        QVERIFY2(problem(form).contains(QStringLiteral("/steps/0/launch/cluster")), qPrintable(problem(form)));
        QCOMPARE(formFieldAt(form, QStringLiteral("/steps/0/launch/cluster/0")).part, FormPart::Cluster);
        QCOMPARE(formFieldLabel(form, formFieldAt(form, QStringLiteral("/steps/0/launch/cluster/0"))), QStringLiteral("Cluster x"));
        form = good;
        form.buffers[0].count = QStringLiteral("n +");
        QVERIFY2(problem(form).contains(QStringLiteral("/buffers/arg0/count")), qPrintable(problem(form)));
        QVERIFY(problem(form).startsWith(path));
        QVERIFY(session.save(form, path).has_value());
        QVERIFY(!QFile::exists(path)); // nothing written for a scenario that would not run
    }

    void aFileThatIsNotAModuleFailsClearly()
    {
        LaunchFormSession session(m_catalog);
        QSignalSpy failed(&session, &LaunchFormSession::loadFailed);
        const auto broken = m_dir.filePath(QStringLiteral("broken.ptx"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(".version 8.5\n.target sm_80\n.visible .entry k(\n  .param .u64 p\n) { mov.u32 %nosuch, 1; }\n");
        file.close();
        session.loadModule(broken, QStringLiteral("h100"));
        QVERIFY(failed.wait(launchFormWaitMs));
        QVERIFY2(failed.front().front().toString().contains(QStringLiteral("broken.ptx")),
            qPrintable(failed.front().front().toString()));
        QVERIFY(session.kernels().isEmpty());
    }

private:
    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    QTemporaryDir m_dir;
    QString m_module;
};

} // namespace

std::unique_ptr<QObject> makeLaunchFormTest() { return std::make_unique<LaunchFormTest>(); }

} // namespace model::tests

#include "test_launch_form.moc"
