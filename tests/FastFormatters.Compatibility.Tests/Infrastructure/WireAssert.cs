namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>Assertions whose messages show where and how the server's bytes differ from MessagePack-CSharp's.</summary>
public static class WireAssert
{
    private const int FullDumpLimit = 256;

    public static void Identical(byte[] expected, byte[] actual, string what)
    {
        int at = expected.AsSpan().CommonPrefixLength(actual);
        if (at == expected.Length && at == actual.Length)
        {
            return;
        }

        string detail = expected.Length <= FullDumpLimit && actual.Length <= FullDumpLimit
            ? $"\n  expected: {Hex.Of(expected)}\n  actual:   {Hex.Of(actual)}"
            : $"\n  expected …{Window(expected, at)}…\n  actual   …{Window(actual, at)}…";
        Assert.Fail($"{what}: differs from MessagePack-CSharp at byte {at} (expected {expected.Length} bytes, got {actual.Length}).{detail}");
    }

    public static void Status(int expected, HttpReply reply, string what)
        => Assert.True(reply.Status == expected, $"{what}: expected status {expected}, got {reply}");

    private static string Window(byte[] bytes, int at)
    {
        int start = Math.Max(0, at - 16);
        return Hex.Of(bytes.AsSpan(start, Math.Min(48, bytes.Length - start)));
    }
}
