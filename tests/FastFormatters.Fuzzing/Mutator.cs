namespace FastFormatters.Fuzzing;

/// <summary>
/// Makes one fuzz input: a corpus entry with 1 to <see cref="MaxStackedMutations"/> mutations stacked on it, each drawn
/// by weight from the generic byte mutations and the format's structured ones. Every choice comes from the
/// <see cref="FuzzRandom"/> passed in, so (seed, iteration) gives the same bytes on any machine.
/// </summary>
/// <remarks>
/// LZ4 inputs are made two ways, half the time each: the uncompressed MessagePack is mutated and compressed again
/// (with a random block size), so the reader behind the decompressor sees mutated documents too, and then perhaps one
/// frame mutation; or a frame is mutated directly, to exercise the decompressor and the framing.
/// </remarks>
internal sealed class Mutator
{
    public const int MaxStackedMutations = 8;

    private static readonly int[] s_blockSizes = [1, 2, 3, 7, 16, 64, 1000, 64 * 1024];

    private readonly FuzzFormat _format;
    private readonly FuzzCorpus _corpus;
    private readonly MutationOp[] _ops;
    private readonly MutationOp[] _plainOps;

    public Mutator(FuzzFormat format, FuzzCorpus corpus, int maxLength)
    {
        _format = format;
        _corpus = corpus;
        MaxLength = maxLength;
        if (format.IsText)
        {
            bool jmc = format == FuzzFormat.Jmc;
            var tokens = TextMutations.Tokens;
            _ops = Weighted(new ByteMutations(corpus.Entries, tokens).Ops()
                .Concat(new TextMutations(jmc ? 8 : 0, jmc).Ops())
                .Concat(jmc ? new JmcMutations().Ops() : []));
            _plainOps = _ops;
        }
        else
        {
            var msgpack = new ByteMutations(corpus.Plain, MsgPackMutations.Tokens).Ops().Concat(new MsgPackMutations(corpus.Plain).Ops());
            _plainOps = Weighted(msgpack);
            _ops = format == FuzzFormat.MessagePackLz4
                ? Weighted(new ByteMutations(corpus.Entries, MsgPackMutations.Tokens).Ops().Concat(new Lz4Mutations().Ops()))
                : _plainOps;
        }
    }

    /// <summary>The longest input made; longer results are cut.</summary>
    public int MaxLength { get; }

    /// <summary>Makes the input for one iteration; <paramref name="log"/>, when given, gets what was done, for reports.</summary>
    public byte[] Mutate(FuzzRandom random, List<string>? log = null)
    {
        if (_format == FuzzFormat.MessagePackLz4 && random.OneIn(2))
        {
            int entry = random.Next(_corpus.Plain.Count);
            var plain = new List<byte>(_corpus.Plain[entry]);
            log?.Add($"plain entry {entry}");
            Stack(plain, random, _plainOps, Count(random), log);
            // At most 1024 blocks: tiny blocks of a large payload only cost compression time.
            int blockSize = Math.Max(random.Pick(s_blockSizes), (plain.Count + 1023) / 1024);
            log?.Add($"compress, blocks of {blockSize}");
            var frame = new List<byte>(Lz4Frame.Compress(plain.ToArray(), blockSize).ToBytes());
            Stack(frame, random, _ops, random.OneIn(3) ? 1 : 0, log);
            return [.. frame.Take(MaxLength)]; // compressing tiny blocks can outgrow the plain payload
        }

        int index = random.Next(_corpus.Entries.Count);
        var data = new List<byte>(_corpus.Entries[index]);
        log?.Add($"entry {index}");
        Stack(data, random, _ops, Count(random), log);
        return [.. data];
    }

    // 1 to 8, mostly few: one mutation keeps most of the document valid, so it reaches deeper.
    private static int Count(FuzzRandom random) => 1 + random.Next(1 << random.Next(4));

    private static MutationOp[] Weighted(IEnumerable<MutationOp> ops) => [.. ops.SelectMany(op => Enumerable.Repeat(op, op.Weight))];

    private void Stack(List<byte> data, FuzzRandom random, MutationOp[] ops, int count, List<string>? log)
    {
        for (int i = 0; i < count; i++)
        {
            var op = random.Pick(ops);
            op.Apply(data, random);
            if (data.Count > MaxLength)
            {
                data.RemoveRange(MaxLength, data.Count - MaxLength);
            }

            log?.Add(op.Name);
        }
    }
}
