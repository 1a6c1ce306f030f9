namespace FastFormatters.Verification;

/// <summary>The ecosystem's serializer of one format, which FastFormatters' bodies are compared with.</summary>
internal abstract class FormatReference
{
    /// <summary>Its name, for the log: <c>System.Text.Json</c>, <c>MessagePackCSharpSerializer</c>.</summary>
    public abstract string Name { get; }

    /// <summary>The body it writes for <paramref name="value"/> (JSON; MessagePack uncompressed).</summary>
    public abstract byte[] Serialize(object? value, Type type);

    /// <summary>The first difference between FastFormatters' body (uncompressed) and its own, or null.</summary>
    public abstract BodyDifference? Compare(byte[] ours, byte[] reference);
}
