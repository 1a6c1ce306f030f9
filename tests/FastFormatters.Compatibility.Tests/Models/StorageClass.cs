namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>A long enum: small values still take the smallest integer form.</summary>
public enum StorageClass : long
{
    Hot = 5,
    Archive = 5_000_000_000,
}
