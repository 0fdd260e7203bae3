#include "tests/model/model_test_suites.h"

#include "engine/device/device_catalog.h"
#include "model/device/device_catalog_load.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace model::tests {

namespace {

QJsonObject builtInProfile(const QString& id)
{
    QFile file(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/devices/%1.json").arg(id));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

class DeviceCatalogLoadTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void builtInProfilesLoadWithoutErrors()
    {
        const auto load = loadDeviceCatalog({});
        QVERIFY(load.catalog);
        QVERIFY(load.errors.isEmpty());
        QCOMPARE(load.catalog->profiles().size(), std::size_t { 8 });
    }

    void brokenUserProfileKeepsFileAndJsonPath()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto profile = builtInProfile(QStringLiteral("a100"));
        QVERIFY(!profile.isEmpty());
        profile[QStringLiteral("id")] = QStringLiteral("mine");
        auto limits = profile[QStringLiteral("limits")].toObject();
        limits[QStringLiteral("max_warps_per_sm")] = QStringLiteral("sixty-four");
        profile[QStringLiteral("limits")] = limits;
        writeFile(dir.filePath(QStringLiteral("mine.json")), QJsonDocument(profile).toJson());
        writeFile(dir.filePath(QStringLiteral("torn.json")), QByteArrayLiteral("{\"id\": "));

        const auto load = loadDeviceCatalog({ dir.path() });
        QCOMPARE(load.errors.size(), 2);
        const auto& wrongType = load.errors.at(0);
        QCOMPARE(wrongType.file, dir.filePath(QStringLiteral("mine.json")));
        QCOMPARE(wrongType.jsonPath, QStringLiteral("/limits/max_warps_per_sm"));
        QVERIFY(wrongType.text.contains(QStringLiteral("mine.json")));
        QVERIFY(wrongType.text.contains(QStringLiteral("/limits/max_warps_per_sm")));
        QVERIFY(!wrongType.message.isEmpty());
        QCOMPARE(load.errors.at(1).file, dir.filePath(QStringLiteral("torn.json")));
        QVERIFY(load.catalog->find("mine") == nullptr);
        QVERIFY(load.catalog->find("a100") != nullptr);
    }

    void userProfileDirectoryFollowsXdg()
    {
        const auto saved = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", "/tmp/warpscope-xdg-test");
        QCOMPARE(userProfileDirectory(), QStringLiteral("/tmp/warpscope-xdg-test/warpscope/devices"));
        qputenv("XDG_CONFIG_HOME", saved);
    }
};

} // namespace

std::unique_ptr<QObject> makeDeviceCatalogLoadTest()
{
    return std::make_unique<DeviceCatalogLoadTest>();
}

} // namespace model::tests

#include "test_device_catalog_load.moc"
