namespace FastFormatters.Buffers;

/// <summary>
/// How far collections are pre-sized from counts the input claims (JMC1 length comments, MessagePack headers). The
/// readers bound each count by the bytes left, but nested claims could still add up: one document gets a budget of an
/// eighth as many elements as it has bytes (real elements take more than that), shared by all its collections, and
/// each claim takes at most 4096 of it. Past the budget, collections grow only with elements really read, so a lying
/// document costs at most a few times its own size.
/// </summary>
internal struct Presizing
{
    private const int MaxCount = 4096;
    private int _budget;

    public Presizing(int documentLength) => _budget = documentLength / 8;

    /// <summary>The capacity to start a collection with for a claimed count (-1 when none was claimed).</summary>
    public int Claim(int claimed)
    {
        int capacity = Math.Min(Math.Min(claimed, MaxCount), _budget);
        if (capacity <= 0)
        {
            return 0;
        }

        _budget -= capacity;
        return capacity;
    }
}
