using FastFormatters.MessagePack;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>
/// For tests of the object contract MessagePack shares with JSON (<see cref="MessagePackContract.SameAsJson"/>): the
/// helpers of <see cref="MsgPackTestHelpers"/>, with that contract set on whatever options a test passes.
/// </summary>
public abstract class JsonContractTestBase
{
    private static readonly FastSerializerOptions s_sameAsJson = WithJsonContract(SuiteOptions.Create());

    protected static FastSerializerOptions Options(Action<FastSerializerOptions> configure)
        => WithJsonContract(MsgPackTestHelpers.Options(configure));

    protected static byte[] Serialize<T>(T value, FastSerializerOptions? options = null)
        => MsgPackTestHelpers.Serialize(value, options ?? s_sameAsJson);

    protected static T Deserialize<T>(byte[] data, FastSerializerOptions? options = null)
        => MsgPackTestHelpers.Deserialize<T>(data, options ?? s_sameAsJson);

    protected static T RoundTrip<T>(T value, FastSerializerOptions? options = null)
        => MsgPackTestHelpers.RoundTrip(value, options ?? s_sameAsJson);

    protected static void AssertRoundTrip<T>(T value, string expectedHex, FastSerializerOptions? options = null)
        => MsgPackTestHelpers.AssertRoundTrip(value, expectedHex, options ?? s_sameAsJson);

    protected static void AssertRoundTrip<T>(T value, FastSerializerOptions? options = null)
        => MsgPackTestHelpers.AssertRoundTrip(value, options ?? s_sameAsJson);

    protected static FormatReadException ReadFails<T>(byte[] data, FastSerializerOptions? options = null)
        => MsgPackTestHelpers.ReadFails<T>(data, options ?? s_sameAsJson);

    protected static FormatReadException ReadFails(byte[] data, Type type, FastSerializerOptions? options = null)
        => MsgPackTestHelpers.ReadFails(data, type, options ?? s_sameAsJson);

    private static FastSerializerOptions WithJsonContract(FastSerializerOptions options)
    {
        options.MessagePack.Contract = MessagePackContract.SameAsJson;
        options.JsonContract = FastFormatters.Json.JsonContractKind.Unified;
        return options;
    }
}
