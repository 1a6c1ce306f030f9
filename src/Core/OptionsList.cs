using System.Collections.ObjectModel;

namespace FastFormatters;

/// <summary>A list of options that refuses changes once its options are read-only.</summary>
internal sealed class OptionsList<T>(Action verifyMutable) : Collection<T>
{
    protected override void InsertItem(int index, T item)
    {
        verifyMutable();
        base.InsertItem(index, item);
    }

    protected override void SetItem(int index, T item)
    {
        verifyMutable();
        base.SetItem(index, item);
    }

    protected override void RemoveItem(int index)
    {
        verifyMutable();
        base.RemoveItem(index);
    }

    protected override void ClearItems()
    {
        verifyMutable();
        base.ClearItems();
    }
}
