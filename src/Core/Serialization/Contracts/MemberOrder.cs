namespace FastFormatters.Serialization.Contracts;

/// <summary>
/// Puts members in their contract's order: lower first, ties kept as given (declaration order). An insertion sort over
/// reference-typed items with their orders beside them, so the first request that builds a contract has the JIT compile
/// no sorter, iterators or lists over value-type tuples.
/// </summary>
internal static class MemberOrder
{
    /// <summary>Sorts <paramref name="items"/> by <paramref name="orders"/>, moving the two in step; equal orders keep their places.</summary>
    public static void Sort<TItem>(TItem[] items, int[] orders)
        where TItem : class
    {
        // Contracts are short and usually in order already, where this is one pass.
        for (int i = 1; i < items.Length; i++)
        {
            var item = items[i];
            int order = orders[i];
            int j = i - 1;
            for (; j >= 0 && orders[j] > order; j--)
            {
                items[j + 1] = items[j];
                orders[j + 1] = orders[j];
            }

            items[j + 1] = item;
            orders[j + 1] = order;
        }
    }
}
