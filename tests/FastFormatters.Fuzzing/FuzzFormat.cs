namespace FastFormatters.Fuzzing;

/// <summary>One reader the fuzzer exercises, with what its rejections must say about themselves.</summary>
internal sealed class FuzzFormat
{
    public static readonly FuzzFormat Json = new("json", "json", 0x4A534F4E_00000001UL);
    public static readonly FuzzFormat Jmc = new("jmc", "jsonc", 0x4A4D4331_00000001UL);
    public static readonly FuzzFormat MessagePack = new("msgpack", "msgpack", 0x4D535047_00000001UL);

    /// <summary>MessagePack in LZ4 block-array frames: the same entry points, which decompress before reading.</summary>
    public static readonly FuzzFormat MessagePackLz4 = new("msgpack-lz4", "msgpack", 0x4C5A3442_00000001UL);

    private FuzzFormat(string name, string exceptionFormat, ulong defaultSeed)
    {
        Name = name;
        ExceptionFormat = exceptionFormat;
        DefaultSeed = defaultSeed;
    }

    public static IReadOnlyList<FuzzFormat> All { get; } = [Json, Jmc, MessagePack, MessagePackLz4];

    /// <summary>The name used in reports and in <c>FUZZ_FORMATS</c>.</summary>
    public string Name { get; }

    /// <summary>What <see cref="FormatReadException.Format"/> must be for this reader's rejections.</summary>
    public string ExceptionFormat { get; }

    /// <summary>The seed the CI pass uses, and the long pass unless <c>FUZZ_SEED</c> says otherwise.</summary>
    public ulong DefaultSeed { get; }

    public bool IsText => this == Json || this == Jmc;

    public static FuzzFormat Parse(string name)
        => All.FirstOrDefault(format => format.Name == name) ?? throw new ArgumentException($"Unknown fuzz format '{name}'.", nameof(name));

    public override string ToString() => Name;
}
