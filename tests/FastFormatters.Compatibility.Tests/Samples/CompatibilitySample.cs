using MessagePack;

namespace FastFormatters.Compatibility.Tests.Samples;

/// <summary>
/// One value of the compatibility matrix: its declared type (the type the endpoints read and write), the value, and the
/// MessagePack-CSharp options a .NET client would use for it (StandardResolver for attributed types,
/// ContractlessStandardResolver for plain classes).
/// </summary>
public sealed class CompatibilitySample
{
    public CompatibilitySample(string name, Type type, object? value, MessagePackSerializerOptions options)
    {
        Name = name;
        Type = type;
        Value = value;
        Options = options;
    }

    public string Name { get; }

    public Type Type { get; }

    public object? Value { get; }

    public MessagePackSerializerOptions Options { get; }

    /// <summary>The path segment of the endpoints that read and write <see cref="Type"/>.</summary>
    public string RouteKey => Infrastructure.RouteKey.For(Type);

    /// <summary>What MessagePack-CSharp writes for the value with these options and <paramref name="compression"/>.</summary>
    public byte[] Serialize(MessagePackCompression compression = MessagePackCompression.None)
        => MessagePackSerializer.Serialize(Type, Value, Options.WithCompression(compression));

    /// <summary>Reads <paramref name="bytes"/> as MessagePack-CSharp does with these options and <paramref name="compression"/>.</summary>
    public object? Deserialize(ReadOnlyMemory<byte> bytes, MessagePackCompression compression = MessagePackCompression.None)
        => MessagePackSerializer.Deserialize(Type, bytes, Options.WithCompression(compression));

    /// <summary>The uncompressed bytes of any value of <see cref="Type"/>: how read-back values are compared.</summary>
    public byte[] Reserialize(object? value) => MessagePackSerializer.Serialize(Type, value, Options);

    /// <summary>
    /// What an echo endpoint built on MessagePack-CSharp would answer: the value read back and written again. The
    /// catalog only holds values for which this equals <see cref="Serialize"/> (checked by a test).
    /// </summary>
    public byte[] ReferenceEcho() => Reserialize(Deserialize(Serialize()));

    /// <summary>Whether MessagePack-CSharp compresses the value when asked (it writes payloads under 64 bytes raw).</summary>
    public bool IsCompressedByMessagePackCSharp => !Serialize(MessagePackCompression.Lz4Block).AsSpan().SequenceEqual(Serialize());

    public override string ToString() => Name;
}
