// A receipt's state, in one place: the server's 42-column text of it, the location's RECEIPT
// printers (by name), and what printing it did, in words.

import { useEffect, useState } from "preact/hooks";
import { useTerminal } from "../context";
import { printReceipt, receiptText } from "../../shared/api/orders";
import { receiptPrinters } from "../../shared/api/printers";
import { inWords } from "../problems";
import { sentTo } from "../../shared/words";

export interface ReceiptPrinter {
  id: string;
  name: string;
}

export interface Receipt {
  /** The receipt as the guest's paper shows it; null while it loads. */
  text: string | null;
  /** Null while they load. */
  printers: ReceiptPrinter[] | null;
  printing: boolean;
  notice: string | null;
  error: string | null;
  print: (printer: ReceiptPrinter) => Promise<void>;
}

export function useReceipt(orderId: string): Receipt {
  const { api, locationId } = useTerminal();
  const [text, setText] = useState<string | null>(null);
  const [printers, setPrinters] = useState<ReceiptPrinter[] | null>(null);
  const [printing, setPrinting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    receiptText(api, orderId).then(setText, (failure) => setError(inWords(failure)));
    receiptPrinters(api, locationId).then(
      (found) => setPrinters(found.data),
      (failure) => setError(inWords(failure)),
    );
  }, [api, orderId, locationId]);

  async function print(printer: ReceiptPrinter) {
    setPrinting(true);
    setNotice(null);
    setError(null);
    try {
      await printReceipt(api, orderId, printer.id);
      setNotice(sentTo(printer.name));
    } catch (failure) {
      setError(inWords(failure));
    } finally {
      setPrinting(false);
    }
  }

  return { text, printers, printing, notice, error, print };
}
