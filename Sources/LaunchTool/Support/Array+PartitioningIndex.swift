extension Array {
    /// The index of the first element for which `isAfter` holds, or `count`, by binary search: the
    /// elements must be ordered so that it holds for a suffix (samples, segments or intervals in
    /// time order, asked for the first at or after a time).
    func partitioningIndex(where isAfter: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
